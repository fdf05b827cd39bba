/**
 * Operators of the console (issue 27), from the command line — how the first admin is made:
 *   npm run operator -- add <email> <admin|catalog|sales|support> [--name "Full Name"]
 *   npm run operator -- list
 *   npm run operator -- deactivate <email>
 * Same checks as the console (a unique e-mail; never the last active admin), on the trail as
 * done from the command line.
 */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createServices } from "../app/.server/services";
import { createLogger } from "../app/.server/platform/log";
import { addOperator, changeOperator, listOperators, operatorByEmailFor } from "../app/.server/operators/directory";
import { isOperatorRole } from "../app/domain/operators";
import { operatorEmailSchema } from "../app/forms/admin";

const USAGE = `Usage:
  npm run operator -- add <email> <admin|catalog|sales|support> [--name "Full Name"]
  npm run operator -- list
  npm run operator -- deactivate <email>
`;
const fail = (message: string, code = 2): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

const args = process.argv.slice(2);
const [command, ...rest] = args;
const nameAt = rest.indexOf("--name");
const name = nameAt >= 0 ? rest[nameAt + 1] : undefined;
const positional = nameAt >= 0 ? rest.filter((_, i) => i !== nameAt && i !== nameAt + 1) : rest;
if (!command || !["add", "list", "deactivate"].includes(command)) fail(USAGE);

const config = configOrExit();
const log = createLogger(config.logLevel === "debug" ? "debug" : "error");
const store = await openMigratedStore(config, log);
const services = createServices(config, store, { log });
const actor = { operatorId: null, requestId: "cli", clientKey: null };
let exitCode = 0;
try {
  if (command === "list") {
    for (const o of await listOperators(services))
      process.stdout.write(`${o.email}\t${o.role}\t${o.active ? "active" : "inactive"}\t${o.name}\n`);
  } else {
    const email = operatorEmailSchema.safeParse({ email: positional[0] ?? "" });
    if (!email.success) fail(`Not an e-mail address: ${positional[0] ?? ""}\n${USAGE}`);
    const address = email.success ? email.data.email : "";
    if (command === "add") {
      const role = positional[1];
      if (!isOperatorRole(role)) fail(`Not a role: ${role ?? ""}\n${USAGE}`);
      const added = await addOperator(services, actor, { email: address, name: name?.trim() || address, role: role as "admin" });
      if (!added.ok) fail(`There is already an operator with the e-mail ${address}.`, 1);
      else process.stdout.write(`Added ${address} as ${role}. They sign in at ${config.publicBaseUrl.replace(/\/+$/, "")}/admin\n`);
    } else {
      const operator = await operatorByEmailFor(services, address);
      if (!operator) fail(`No operator has the e-mail ${address}.`, 1);
      const changed = await changeOperator(services, actor, operator!.id, { active: false });
      if (!changed.ok) fail(changed.error === "lastAdmin" ? "That is the last active admin: make another admin first." : "Not found.", 1);
      else process.stdout.write(`Deactivated ${address}; their sessions have ended.\n`);
    }
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  await store.close();
}
process.exit(exitCode);
