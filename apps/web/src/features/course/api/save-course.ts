import { courseView, type CourseBody, type CourseView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseQueryOptions } from './get-course';

/** PUT /api/dashboard/sites/course: replaces the whole layout; 400 names a duplicate number or a bad position. */
export async function saveCourse(siteId: string, body: CourseBody): Promise<CourseView> {
  return courseView.parse(await apiRequest('/dashboard/sites/course', { method: 'PUT', siteId, body }));
}

export const useSaveCourse = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseBody) => saveCourse(siteId, body),
    onSuccess: (course) => queryClient.setQueryData(courseQueryOptions(siteId).queryKey, course),
  });
};
