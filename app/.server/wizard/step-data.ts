/**
 * What each wizard step keeps in its row of `enrollment_steps`: the plain part (`data`, JSON)
 * and the sealed part (`secret`, encrypted). Each step declares its two shapes in its own
 * registry module (`registry/<step>.ts`), adding its tab to `StepData` and `StepSecret` below
 * (`declare module "../step-data"`: interface merging, so this module imports no step and no
 * import loop appears). `readStep(…, tab)` and `writeStep(…, tab, …)` take their types from
 * here, so every reader of a step sees the same shape. A step that does not declare both, or a
 * shape filed under a name that is not a tab, does not compile (`StepShapes`).
 */
import type { TabName } from "~/domain/wizard-steps";

/** Nothing kept (the review; the sealed part of most steps). */
export type NoData = Record<string, never>;

/** Each step's plain data, by tab: one member per step, declared by the step's registry module. */
// biome-ignore lint/suspicious/noEmptyInterface: each step's registry module adds its member (interface merging)
export interface StepData {}

/** Each step's sealed data, by tab: one member per step, declared by the step's registry module. */
// biome-ignore lint/suspicious/noEmptyInterface: each step's registry module adds its member (interface merging)
export interface StepSecret {}

/** Both maps name every tab and nothing else: a step left out (or misspelt) does not compile. */
type EveryTab<T extends Record<TabName, object>> = keyof T extends TabName ? T : never;
export type StepShapes = { [K in TabName]: { data: EveryTab<StepData>[K]; secret: EveryTab<StepSecret>[K] } };
