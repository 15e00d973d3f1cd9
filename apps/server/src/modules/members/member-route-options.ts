import { z } from 'zod';
import { errorBody, id } from '@fairway/domain';

/** What every /api/dashboard/members route declares alike (the CRUD and the link routes). */
export const memberErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};
export const memberSecurity = [{ bearer: [], siteId: [] }];
export const memberParams = z.object({ id });
export const memberTags = ['members'];
