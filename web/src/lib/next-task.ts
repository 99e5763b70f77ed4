/**
 * Resolves in a new task of the event loop, so the work before and after it are two tasks, not one
 * long one: input is handled in between, and a phone does not freeze (Lighthouse counts each task's
 * time over 50 ms as blocking).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
