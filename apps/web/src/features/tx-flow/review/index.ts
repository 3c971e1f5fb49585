export { useReviewPrefetch } from './queries';
