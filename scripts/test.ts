// npm test: every check the project makes, in the order that fails fastest.
import { spawnSync } from "node:child_process";

const steps: Array<[string, string[]]> = [
  ["types", ["npx", "react-router", "typegen"]],
  ["types", ["npx", "tsc"]],
  ["build", ["npm", "run", "build", "--silent"]],
  ["tests", ["npx", "vitest", "run", ...process.argv.slice(2)]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n== ${name}: ${[command, ...args].join(" ")}`);
  const result = spawnSync(command!, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n${name} failed (${[command, ...args].join(" ")})`);
    process.exit(result.status ?? 1);
  }
}
