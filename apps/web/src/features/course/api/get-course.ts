import { courseView, type CourseView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/sites/course: the selected site's holes (no holes when none are drawn yet). */
export async function getCourse(siteId: string, signal?: AbortSignal): Promise<CourseView> {
  return courseView.parse(await apiRequest('/dashboard/sites/course', { siteId, signal }));
}

export const courseQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'course'],
    queryFn: ({ signal }) => getCourse(siteId, signal),
    // The socket's 'course:update' carries every saved layout, so there is no reason to refetch on focus.
    staleTime: Infinity,
  });

/** The site's course; `enabled` is false for roles the server would refuse (they see no course layer). */
export const useCourse = (siteId: string, enabled = true) =>
  useQuery({ ...courseQueryOptions(siteId), enabled });
