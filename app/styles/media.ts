/**
 * The one breakpoint (issue 26 #1): below it the header folds its category menu and the wizard its
 * step list behind one control each (`<details>`, no script needed); from it up they show in full.
 */
export const wide = "screen and (min-width: 48rem)";
export const narrow = "screen and (max-width: 47.99rem)";
