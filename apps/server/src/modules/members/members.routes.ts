import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkResult,
  memberCreateBody,
  memberImportBody,
  memberImportResult,
  memberPatchBody,
  memberView,
  membersBulkPatchBody,
  membersDeleteBody,
  membersPage,
  membersQuery,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';
import { memberLinkRoutes } from './member-links.routes';
import {
  memberErrors as errors,
  memberParams,
  memberSecurity as security,
  memberTags as tags,
} from './member-route-options';

const noContent = z.null().describe('No content');
/** A 20,000-row import (MEMBER_IMPORT_MAX) with every column filled is a few MB of JSON. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/** /api/dashboard/members — members of the selected site, their import and profile links. */
export async function dashboardMemberRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { members: service, memberImport: importer } = ctx;

  app.get(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "List the selected site's members with their codes",
        operationId: 'listMembers',
        tags,
        security,
        description:
          'A page of members with their codes; `query` matches name, company and email, or `searchIn`.',
        querystring: membersQuery,
        response: { 200: membersPage, ...errors },
      },
    },
    (request) => service.page(currentSite(request), request.query),
  );

  app.post(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Add a member',
        operationId: 'createMember',
        tags,
        security,
        description: "409 when the email is already a member's of the site. Language defaults to the site's.",
        body: memberCreateBody,
        response: { 201: memberView, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentSite(request), request.body)),
  );

  app.patch(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Set the user group of several members',
        operationId: 'setMembersUserGroup',
        tags,
        security,
        description: "Sets the user group of the selected members; ids of other sites' members are ignored.",
        body: membersBulkPatchBody,
        response: { 200: bulkResult, ...errors },
      },
    },
    (request) =>
      service.setUserGroup(currentSite(request), request.body.ids, request.body.updateData.userGroup),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Change a member',
        operationId: 'updateMember',
        tags,
        security,
        params: memberParams,
        body: memberPatchBody,
        response: { 200: memberView, ...errors },
      },
    },
    (request) => service.update(currentSite(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "Delete a member and the member's codes",
        operationId: 'deleteMember',
        tags,
        security,
        description: "Deletes the member and the member's codes.",
        params: memberParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(currentSite(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/delete',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Delete several members and their codes',
        operationId: 'deleteMembers',
        tags,
        security,
        description: "Deletes the selected members and their codes; ids of other sites' members are ignored.",
        body: membersDeleteBody,
        response: { 200: bulkResult, ...errors },
      },
    },
    (request) => service.deleteMany(currentSite(request), request.body.ids),
  );

  app.post(
    '/import',
    {
      preHandler: app.requireSite('user'),
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: 'Import members from the rows of a spreadsheet; refused rows are listed',
        operationId: 'importMembers',
        tags,
        security,
        description:
          'Imports rows that pass the member rules; invalid rows and emails already in the site or repeated ' +
          'in the file are listed, not imported.',
        body: memberImportBody,
        response: { 200: memberImportResult, ...errors },
      },
    },
    (request) => importer.import(currentSite(request), request.body.members),
  );

  await instance.register(memberLinkRoutes, { ctx });
}
