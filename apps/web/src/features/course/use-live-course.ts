import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../realtime';
import { courseQueryOptions } from './api/get-course';

/** Keeps the cached course of `siteId` current with the socket's 'course:update' (the whole layout). */
export function useLiveCourse(siteId: string): void {
  const queryClient = useQueryClient();
  useSocketEvent('course:update', (course) => {
    if (course.siteId === siteId) queryClient.setQueryData(courseQueryOptions(siteId).queryKey, course);
  });
}
