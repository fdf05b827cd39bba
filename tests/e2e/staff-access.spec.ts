import { test, expect } from "./fixtures";
import { employeeEntersGroup, enrollCurrentMember, repSignsIn, typeCodeFromOutbox } from "./journeys";

test.describe("who may see members (issue 15)", () => {
  test("an employee with the group's code cannot reach the member list; the group admin signs in with the code from the outbox and can", async ({
    page,
    a11y,
    group,
  }) => {
    await employeeEntersGroup(page, group);
    await expect(page.getByText("The member list is for the group's administrators only.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the member list" })).toHaveCount(0);
    await a11y(page);
    // typing the address does not help: the admins' sign-in, no member list anywhere
    await page.goto("/group-select-member");
    await expect(page).toHaveURL(/\/verify\?as=admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sign in as an administrator of ${group.company}`);
    await expect(page.getByRole("table")).toHaveCount(0);
    await a11y(page);

    // the group's second admin signs in here, with the code from the outbox
    const second = group.admins[1];
    await page.getByLabel(`${second.name}: E-mail to ${second.email[0]}***@example.com`).check();
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("code-sent")).toContainText(second.name);
    await a11y(page);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/group-home$/);
    await page.getByRole("link", { name: "Open the member list" }).click();
    await expect(page).toHaveURL(/\/group-select-member$/);
    // the group's own members (none yet), never another group's (the demo group's members exist on this server)
    await expect(page.getByText("There are no current members to show yet.")).toBeVisible();
    for (const other of ["Angela Brooks", "Linda Nguyen", "David Okafor"]) expect(await page.content()).not.toContain(other);
    await a11y(page);
  });

  test("wrong and short codes get clear messages, in English and in Spanish", async ({ page, a11y }) => {
    await page.goto("/access?lng=es");
    await page.getByLabel("Código de acceso del representante").fill("ABCD1212");
    await page.getByRole("button", { name: "Enviar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicie sesión como Jane Carter");
    await page.getByLabel(/^Correo electrónico a /).check();
    await page.getByRole("button", { name: "Enviar código" }).click();
    await page.getByLabel("Código de acceso").fill("12");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByText("Ingrese el código de 6 dígitos para continuar").first()).toBeVisible();
    await a11y(page);
    await page.goto("/verify?lng=en");
    await page.getByLabel("Sign-in code").fill("000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // one in a million: the right code
    if (!/\/agent-home$/.test(page.url())) {
      await expect(page.getByText("That code is not right. Check it and try again.").first()).toBeVisible();
      await a11y(page);
      await typeCodeFromOutbox(page);
    }
    await expect(page).toHaveURL(/\/agent-home$/);
  });

  test("a rep signs in, enrolls a current member, and the enrollment's history shows each step", async ({ page, a11y, jsEnabled }) => {
    test.setTimeout(180_000);
    const [member, plan] = jsEnabled ? ["David Okafor", "CVV-BASIC"] : ["Sofia Ramirez", "BSD-PPO-ESS"];
    await repSignsIn(page);
    await enrollCurrentMember(page, member, plan);
    // the members list links the history of the member's enrollment
    await page.goto(`/agent-select-member?q=${encodeURIComponent(member)}`);
    await page.getByRole("link", { name: `History of the enrollment of ${member}` }).click();
    await expect(page).toHaveURL(/\/enrollment-history\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enrollment history");
    await expect(page.getByTestId("history-member")).toHaveText(member);
    const events = page.getByTestId("history-event");
    await expect(events).toHaveCount(2);
    await expect(events.nth(0)).toContainText("Enrollment started for the member");
    await expect(events.nth(1)).toContainText("Step saved: Personal Information");
    for (const row of await events.all()) {
      await expect(row).toContainText("Jane Carter");
      await expect(row).toContainText("Rep");
    }
    expect(await page.content()).not.toMatch(/XXX-XX|\d{3}-\d{2}-\d{4}/);
    await a11y(page);
    // in Spanish
    await page.goto(`${new URL(page.url()).pathname}?lng=es`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Historial de la inscripción");
    await expect(page.getByTestId("history-event").filter({ hasText: "Paso guardado" })).toHaveCount(1);
    await a11y(page);
    await page.goto(`${new URL(page.url()).pathname}?lng=en`);
  });
});
