// npm test: every check the project makes, in the order that fails fastest,
// after the two system packages its browser and proxy tests drive.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian packages the tests need: the browser of the end-to-end suites, the proxy of the deployed topology. */
const systemPackages = [
  { binary: process.env.CHROME_PATH ?? "/usr/bin/chromium", pkg: "chromium", for: "the end-to-end tests" },
  { binary: "/usr/sbin/nginx", pkg: "nginx-light", for: "the tests through nginx with TLS" },
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
}

const missing = systemPackages.filter((item) => !existsSync(item.binary));
if (missing.length) {
  const names = missing.map((item) => item.pkg);
  const install = `apt-get install -y --no-install-recommends ${names.join(" ")}`;
  const command = `apt-get update && ${install}`;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Missing ${missing.map((item) => `${item.binary} (${item.for})`).join(" and ")}. Install them first:\n\n  sudo apt-get update && sudo ${install}\n`,
    );
    process.exit(1);
  }
  console.log(`\n== setup: installing Debian's ${names.join(" and ")} for ${missing.map((item) => item.for).join(" and ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (
    run("apt-get", ["update", "-qq"], env) !== 0 ||
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...names], env) !== 0
  ) {
    console.error(`\nsetup failed: run it yourself and try again:\n\n  ${command}\n`);
    process.exit(1);
  }
}

const steps: Array<[string, string[]]> = [
  ["types", ["npx", "react-router", "typegen"]],
  ["types", ["npx", "tsc"]],
  // `npm run format` writes what this asks for.
  ["format", ["npx", "prettier", "--check", "--log-level", "warn", "."]],
  // ESLint with the import boundaries, unused code (knip), import cycles (dpdm), copied blocks (jscpd).
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["build", ["npm", "run", "build", "--silent"]],
  ["tests", ["npx", "vitest", "run", ...process.argv.slice(2)]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n== ${name}: ${[command, ...args].join(" ")}`);
  if (run(command!, args) !== 0) {
    console.error(`\n${name} failed (${[command, ...args].join(" ")})`);
    process.exit(1);
  }
}
