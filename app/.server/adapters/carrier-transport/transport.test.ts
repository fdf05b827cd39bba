import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateSshKeyPair, startSftpServer, type TestSftpServer } from "../../../../tests/support/sftp-server";
import { localDirectoryTransport, writeAtomically } from "./local-directory";
import { type SftpProfile, sftpTransport } from "./sftp";

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-transport-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the local-directory transport", () => {
  it("writes outbound atomically, lists and reads inbound, removes a file once released (our own disk)", async () => {
    const t = localDirectoryTransport(path.join(dir, "carriers"), "brightsmile");
    await t.put("BSF-000017.834", Buffer.from("ISA*…~"));
    expect(fs.readdirSync(t.folders.outbound)).toEqual(["BSF-000017.834"]);
    expect(fs.readFileSync(path.join(t.folders.outbound, "BSF-000017.834"), "utf8")).toBe("ISA*…~");

    expect(await t.listInbox()).toEqual([]);
    fs.mkdirSync(t.folders.inbound, { recursive: true });
    fs.writeFileSync(path.join(t.folders.inbound, "999-4412.x12"), "ack");
    fs.writeFileSync(path.join(t.folders.inbound, ".999-4413.x12.part"), "half");
    expect(await t.listInbox()).toEqual(["999-4412.x12"]);
    expect(text(await t.get("999-4412.x12"))).toBe("ack");
    await t.release("999-4412.x12");
    expect(await t.listInbox()).toEqual([]);
    expect(fs.readdirSync(t.folders.inbound)).toEqual([".999-4413.x12.part"]);
    expect(fs.existsSync(t.folders.processed)).toBe(false);
  });

  it("leaves no file behind when a write fails, and refuses names that are paths", async () => {
    const target = path.join(dir, "out");
    fs.mkdirSync(path.join(target, "taken"), { recursive: true }); // a directory where the file should go: rename fails
    await expect(writeAtomically(target, "taken", Buffer.from("x"))).rejects.toThrow();
    expect(fs.readdirSync(target)).toEqual(["taken"]);
    const t = localDirectoryTransport(dir, "c");
    await expect(t.put("../escape.834", Buffer.from("x"))).rejects.toThrow(/plain file name/);
    await expect(t.get("/etc/passwd")).rejects.toThrow(/plain file name/);
  });
});

describe("the SFTP transport, against a real SFTP server started here", () => {
  it("gets key pairs ssh2 can read back (its own generator writes a malformed key about one time in 200)", async () => {
    const { utils } = (await import("ssh2")).default;
    const pairs = Array.from({ length: 1500 }, generateSshKeyPair);
    expect(pairs.filter((p) => utils.parseKey(p.private) instanceof Error)).toEqual([]);
  });

  let server: TestSftpServer;
  let remote: string;
  let profile: SftpProfile;
  beforeEach(async () => {
    remote = path.join(dir, "remote");
    for (const f of ["outbox", "inbox"]) fs.mkdirSync(path.join(remote, f), { recursive: true });
    server = await startSftpServer(remote);
    profile = {
      host: "127.0.0.1",
      port: server.port,
      username: "carrier",
      privateKey: server.clientPrivateKey,
      hostKey: (key) => key.equals(server.hostPublicKey),
      outbox: "/outbox",
      inbox: "/inbox",
      processed: "/inbox/processed",
    };
  });
  afterEach(() => server.close());

  it("uploads with key authentication, then lists, reads and moves what came back to the carrier's processed folder", async () => {
    const t = sftpTransport(profile);
    await t.put("BSF-000017.834", Buffer.from("ISA*00~"));
    expect(fs.readdirSync(path.join(remote, "outbox"))).toEqual(["BSF-000017.834"]);
    expect(fs.readFileSync(path.join(remote, "outbox", "BSF-000017.834"), "utf8")).toBe("ISA*00~");

    fs.writeFileSync(path.join(remote, "inbox", "999-4412.x12"), "ISA*ack~");
    fs.writeFileSync(path.join(remote, "inbox", "999-4413.x12.part"), "half");
    expect(await t.listInbox()).toEqual(["999-4412.x12"]);
    expect(text(await t.get("999-4412.x12"))).toBe("ISA*ack~");
    await t.release("999-4412.x12");
    expect(await t.listInbox()).toEqual([]);
    expect(fs.readdirSync(path.join(remote, "inbox", "processed"))).toEqual(["999-4412.x12"]);
  });

  it("signs in once for a run of operations, and closes when the run ends; a dropped connection is opened again", async () => {
    const t = sftpTransport(profile);
    await t.put("BSF-000021.834", Buffer.from("ISA*21~"));
    await t.put("BSF-000022.834", Buffer.from("ISA*22~"));
    fs.writeFileSync(path.join(remote, "inbox", "999-1.x12"), "ISA*a1~");
    fs.writeFileSync(path.join(remote, "inbox", "999-2.x12"), "ISA*a2~");
    for (const name of await t.listInbox()) {
      await t.get(name);
      await t.release(name);
    }
    expect(server.logins()).toBe(1);
    await t.close?.();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.open()).toBe(0);
    // the next run signs in again
    expect(await t.listInbox()).toEqual([]);
    expect(server.logins()).toBe(2);
    // the server ends the session between two operations: the next one signs in again
    server.drop();
    await new Promise((r) => setTimeout(r, 50));
    await t.put("BSF-000023.834", Buffer.from("ISA*23~"));
    expect(server.logins()).toBe(3);
    expect(fs.readFileSync(path.join(remote, "outbox", "BSF-000023.834"), "utf8")).toBe("ISA*23~");
    await t.close?.();
  });

  it("is refused with a key the server does not know, and refuses a server it does not know", async () => {
    const stranger = generateSshKeyPair();
    await expect(sftpTransport({ ...profile, privateKey: stranger.private }).listInbox()).rejects.toThrow();
    await expect(sftpTransport({ ...profile, hostKey: () => false }).listInbox()).rejects.toThrow();
  });
});
