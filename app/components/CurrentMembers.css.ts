import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const search = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.s,
  margin: `0 0 ${vars.space.m}`,
});
globalStyle(`${search} .field`, { margin: 0, flex: "0 1 32rem" });
/** Wide enough to stay readable: on narrow screens the table scrolls sideways in its region. */
export const table = style({ minWidth: "50rem" });
globalStyle(`${table} td, ${table} th`, { overflowWrap: "normal" });
export const email = style({});
/** E-mails wrap at the <wbr> after "@" and dots (EmailText), never mid-word. */
globalStyle(`${table} ${email}`, { overflowWrap: "normal", wordBreak: "normal" });
export const caption = style({ textAlign: "left", fontWeight: 700, padding: `${vars.space.s} 0` });
export const nowrap = style({ whiteSpace: "nowrap" });
export const plans = style({ margin: 0, paddingLeft: "1.1rem" });
/** Inactive plans: red (6.5:1 on white, AA) and marked "(inactive)" in words, not by colour alone. */
export const inactive = style({ color: vars.color.error, fontWeight: 600 });
export const enroll = style({ minHeight: "44px", whiteSpace: "nowrap" });
export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: `${vars.space.s} ${vars.space.l}`,
  margin: `0 0 ${vars.space.l}`,
});
