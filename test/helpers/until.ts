// Waits for the condition a test judges, however loaded the machine: polls until it holds (tap's timeout catches
// one that never does). A fixed sleep before an assertion races the machine's speed (issue 39 item 1).
export async function until (check: () => boolean | Promise<boolean>, everyMs = 10): Promise<void> {
  while (!await check()) await new Promise(resolve => setTimeout(resolve, everyMs))
}
