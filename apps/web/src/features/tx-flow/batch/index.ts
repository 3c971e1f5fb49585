/**
 * The batch: transactions set aside to be proposed together as one MultiSend, kept per Safe in the
 * browser. What the forms (adding to it) and the pages (its form) use of it.
 */
export { BatchForm } from './BatchForm';
export { addToBatch, readBatch, useBatch } from './batchStore';
