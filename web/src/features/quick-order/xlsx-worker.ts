// Reads an .xlsx file off the main thread. A worker of its own: exceljs (about 250 kB, a
// CommonJS bundle) stays out of the app's chunks and their shared runtime, and a large sheet does not
// freeze the screen while it is read.
import { readXlsxLines } from './read-xlsx';

/** What the page sends and gets back. */
export type XlsxWorkerAnswer = { lines: Awaited<ReturnType<typeof readXlsxLines>> } | { error: true };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage: (answer: XlsxWorkerAnswer) => void;
};

scope.onmessage = (e) => {
  readXlsxLines(e.data).then(
    (lines) => scope.postMessage({ lines }),
    () => scope.postMessage({ error: true }),
  );
};
