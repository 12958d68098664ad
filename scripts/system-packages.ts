// The Debian packages npm test and npm run bench drive, installed where missing
// (as root with apt-get), or named with the command that installs them.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

/** The browser of the end-to-end suites and the bench, the proxy of the deployed topology, a CalDAV server for the consultants' calendars. */
const systemPackages = [
  { binary: process.env.CHROME_PATH ?? "/usr/bin/chromium", pkg: "chromium", for: "the end-to-end tests" },
  { binary: "/usr/sbin/nginx", pkg: "nginx-light", for: "the tests through nginx with TLS" },
  { binary: "/usr/bin/radicale", pkg: "radicale", for: "the tests against a CalDAV server" },
];

export interface Installing {
  /** What is being installed and for what, for a line of the run's output. */
  describe: string;
  /** apt's exit status; on a failure its output and the command to run by hand are printed. */
  done: Promise<number>;
}

/**
 * Starts installing the missing packages in the background (apt spends most of its time on the network
 * and the disk, so checks can run meanwhile), or exits naming the command when this user cannot.
 * Undefined when nothing is missing.
 */
export function installMissingPackages(): Installing | undefined {
  const missing = systemPackages.filter((item) => !existsSync(item.binary));
  if (!missing.length) return undefined;
  const names = missing.map((item) => item.pkg);
  const install = `apt-get install -y --no-install-recommends ${names.join(" ")}`;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `Missing ${missing.map((item) => `${item.binary} (${item.for})`).join(" and ")}. Install them first:\n\n  sudo apt-get update && sudo ${install}\n`,
    );
    process.exit(1);
  }
  const done = new Promise<number>((resolve) => {
    let output = "";
    const child = spawn("sh", ["-c", `apt-get update -qq && ${install.replace("-y", "-y -qq")}`], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const finish = (status: number) => {
      if (status !== 0) console.error(`${output}\nsetup failed: run it yourself and try again:\n\n  apt-get update && ${install}\n`);
      resolve(status);
    };
    child.on("error", (error) => {
      output += String(error);
      finish(1);
    });
    child.on("close", (status) => finish(status ?? 1));
  });
  return { describe: `Debian's ${names.join(" and ")} for ${missing.map((item) => item.for).join(" and ")}`, done };
}
