/** Runs the quote reminder job on a timer inside the server (REMINDERS_ENABLED=1). */
import type { Services } from "../services";
import { runReminders } from "../store/saved-quotes";

export function startReminderTimer(services: Services) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const { due, sent } = await runReminders(services);
      if (due) services.log.info("quote reminders", { due, sent });
    } catch (error) {
      services.log.error("quote reminders failed", { reason: error instanceof Error ? error.message : "unknown" });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, services.config.reminders.intervalMinutes * 60 * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
