import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { envSchema, parseEnv } from "../../server/env";

describe("settings", () => {
  it("applies defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.TRUST_PROXY).toBe("none");
  });

  it("names the variable of a bad value", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ TRUST_PROXY: "everything" })).toThrow(/TRUST_PROXY/);
  });

  it("is documented with every variable in .env.example and the README", () => {
    const example = readFileSync(".env.example", "utf8");
    const readme = readFileSync("README.md", "utf8");
    for (const name of Object.keys(envSchema.shape)) {
      expect(example, `.env.example lists ${name}`).toMatch(new RegExp(`^#? ?${name}=`, "m"));
      expect(readme, `README lists ${name}`).toContain(`\`${name}\``);
    }
  });
});
