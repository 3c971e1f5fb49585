// The messages feature's views, loaded on demand (see index.ts).
export { MessagePage } from './MessagePage';
export { MessagesPage } from './MessagesPage';
export { NewMessagePage } from './NewMessagePage';
