import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("uses the documented defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      seedDemo: true,
      mailFrom: "no-reply@localhost",
      siteUrl: "http://localhost:3000",
      logLevel: "info",
      trustProxy: false,
      enquiryRateLimit: 20,
      imageMaxBytes: 5 * 1024 * 1024,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/site",
      DATABASE_URL: "postgres://u:p@db:5432/site",
      ADMIN_EMAIL: "Office@Example.co.uk",
      ADMIN_PASSWORD: "long enough",
      SEED_DEMO: "0",
      SMTP_URL: "smtps://user:pass@mail.example.co.uk:465",
      MAIL_FROM: "web@example.co.uk",
      MAIL_TO: "leads@example.co.uk",
      SITE_URL: "https://www.example.co.uk/",
      REDIS_URL: "redis://127.0.0.1:6379",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://u:p@db:5432/site",
      adminEmail: "office@example.co.uk",
      seedDemo: false,
      smtpUrl: "smtps://user:pass@mail.example.co.uk:465",
      mailTo: "leads@example.co.uk",
      siteUrl: "https://www.example.co.uk",
      redisUrl: "redis://127.0.0.1:6379",
      trustProxy: true,
      logLevel: "warn",
    });
  });

  it("derives SITE_URL from PORT", () => {
    expect(loadConfig({ PORT: "4000" }).siteUrl).toBe("http://localhost:4000");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "0"],
    ["PORT", "70000"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail"],
    ["SITE_URL", "www.example.co.uk"],
    ["SEED_DEMO", "yes"],
    ["LOG_LEVEL", "loud"],
    ["ADMIN_EMAIL", "nobody"],
    ["ADMIN_PASSWORD", "short"],
    ["REDIS_URL", "127.0.0.1:6379"],
  ])("refuses %s=%s with one line naming the variable", (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    if (name !== "ADMIN_PASSWORD") expect(message).toContain(value);
    expect(message).not.toContain("\n");
  });

  it("reads TRUST_PROXY as a hop count or address list", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 2001:db8::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "2001:db8::1",
    ]);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["127.0.0.1/8", "::1/128"]);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow(
      /^Invalid configuration: TRUST_PROXY /,
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(ConfigError);
  });

  it.each([
    ["ADMIN_PASSWORD", "secret7", "secret7"],
    ["DATABASE_URL", "mysql://site:s3cret-pw@db:5432/site", "s3cret-pw"],
    ["DATABASE_URL", "site:s3cret-pw@db:5432/site", "s3cret-pw"],
    ["SMTP_URL", "https://mailer:s3cret-pw@mail.example.co.uk", "s3cret-pw"],
    ["REDIS_URL", "http://default:s3cret-pw@cache:6379", "s3cret-pw"],
  ])("never prints the secret in a bad %s", (name, value, secret) => {
    let message = "";
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain(secret);
    expect(message).not.toContain("site:");
  });

  it("reads the secrets key: SECRETS_KEY (hidden when invalid), SECRETS_KEY_OLD, SECRETS_KEY_FILE", () => {
    const key = Buffer.alloc(32, 1).toString("base64");
    const old = Buffer.alloc(32, 2).toString("base64");
    expect(loadConfig({ SECRETS_KEY: key, SECRETS_KEY_OLD: `${old},${key}` }).secrets).toMatchObject({
      key,
      oldKeys: [old, key],
      fileIsDefault: true,
      sharedDatabase: false,
    });
    expect(loadConfig({ DATA_DIR: "/srv/site" }).secrets.file).toBe("/srv/site/secrets.key");
    expect(
      loadConfig({ SECRETS_KEY_FILE: "/run/secrets/site-key", DATABASE_URL: "postgres://h/db" }).secrets,
    ).toMatchObject({ file: "/run/secrets/site-key", fileIsDefault: false, sharedDatabase: true });
    expect(() => loadConfig({ SECRETS_KEY: "too-short-a-key" })).toThrow(
      "Invalid configuration: SECRETS_KEY must be 32 random bytes in base64 (value hidden)",
    );
    expect(() => loadConfig({ SECRETS_KEY: key, SECRETS_KEY_OLD: `${old},nope` })).toThrow(
      /^Invalid configuration: SECRETS_KEY_OLD must be keys of 32 bytes in base64, separated by commas \(value hidden\)$/,
    );
  });
});
