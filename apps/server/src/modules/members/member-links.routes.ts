import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkResult, memberView, membersLinkBody, membersUnlinkBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';
import {
  memberErrors as errors,
  memberParams,
  memberSecurity as security,
  memberTags as tags,
} from './member-route-options';

/** Link / unlink members and app profiles, under /api/dashboard/members; admins only (spec §6). */
export async function memberLinkRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.memberLinks;

  app.post(
    '/link',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: 'Link several members to the app profiles with their emails',
        operationId: 'linkMembers',
        tags,
        security,
        description:
          'Member email → member id. Each member without a profile is linked to the app profile with its ' +
          'email, when there is one; answers how many were linked.',
        body: membersLinkBody,
        response: { 200: bulkResult, ...errors },
      },
    },
    (request) => service.link(currentSite(request), request.body.members),
  );

  app.post(
    '/unlink',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: 'Unlink several members from their app profiles',
        operationId: 'unlinkMembers',
        tags,
        security,
        description: 'Member id → profile id. Unlinks each member linked to exactly that profile.',
        body: membersUnlinkBody,
        response: { 200: bulkResult, ...errors },
      },
    },
    (request) => service.unlink(currentSite(request), request.body.members),
  );

  app.post(
    '/:id/link',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: "Link a member to the app profile with the member's email",
        operationId: 'linkMember',
        tags,
        security,
        description: "Links the member to the app profile with the member's email.",
        params: memberParams,
        response: { 200: memberView, ...errors },
      },
    },
    (request) => service.linkOne(currentSite(request), request.params.id),
  );

  app.post(
    '/:id/unlink',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: 'Unlink a member from its app profile',
        operationId: 'unlinkMember',
        tags,
        security,
        params: memberParams,
        response: { 200: memberView, ...errors },
      },
    },
    (request) => service.unlinkOne(currentSite(request), request.params.id),
  );
}
