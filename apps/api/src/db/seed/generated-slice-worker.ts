// A worker thread of generated-slices.ts: answers each slice request with the slice's COPY text.
import { parentPort } from 'node:worker_threads';
import { generateSlice, type SliceRequest } from './generated-slices';

parentPort?.on('message', (request: SliceRequest) => parentPort?.postMessage(generateSlice(request)));
