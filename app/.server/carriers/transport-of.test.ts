import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { privateKeyOf } from "./transport-of";

describe("privateKeyOf", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-key-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads a key from the environment or a key file", () => {
    expect(privateKeyOf("env:CARRIER_KEY", { NODE_ENV: "test", CARRIER_KEY: "-----BEGIN KEY-----" })).toBe("-----BEGIN KEY-----");
    const file = path.join(dir, "id_ed25519");
    fs.writeFileSync(file, "-----BEGIN OPENSSH PRIVATE KEY-----\n");
    expect(privateKeyOf(`file:${file}`)).toBe("-----BEGIN OPENSSH PRIVATE KEY-----\n");
  });

  it("refuses what is not a small regular file: a device that never ends, a directory, a huge file", () => {
    expect(() => privateKeyOf("file:/dev/zero")).toThrow(/regular file/);
    expect(() => privateKeyOf(`file:${dir}`)).toThrow(/regular file/);
    const big = path.join(dir, "big");
    fs.writeFileSync(big, Buffer.alloc(65 * 1024, 0x41));
    expect(() => privateKeyOf(`file:${big}`)).toThrow(/regular file/);
  });

  it("refuses other references and an unset variable", () => {
    expect(() => privateKeyOf("/etc/key")).toThrow(/env:NAME or file:/);
    expect(() => privateKeyOf("env:NOPE", { NODE_ENV: "test" })).toThrow(/not set/);
  });
});
