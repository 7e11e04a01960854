// The core functions the in-process rows time, bundled by `npm run build` as the extension and the CLI ship them.
// Run from source under tsx instead, every function the reader makes (a closure per question and media file) also
// goes through tsx's name-keeping helper, a `defineProperty` each, which no shipped bundle does: index-b took
// 66-75 ms that way against 42-44 ms bundled (in process, medians of 20, 2026-12-05).
export { readDatasetDeferringMedia } from '../../../src/core';
