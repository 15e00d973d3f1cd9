import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import {
  codeTypesForSite,
  hasRole,
  type CodeView,
  type MemberView,
  type Role,
  type SiteView,
} from '@fairway/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useSelectedSiteId } from '../../lib/selected-site';
import { useNow } from '../../lib/use-now';
import { useCurrentRole } from '../auth';
import { useSite } from '../sites';
import { CodeDialog } from './components/CodeDialog';
import { CreditsDialog } from './components/CreditsDialog';
import { DeleteMemberDialog } from './components/DeleteMemberDialog';
import { FindCodeDialog } from './components/FindCodeDialog';
import type { MemberRowContext } from './components/member-row-context';
import { MemberDialog } from './components/MemberDialog';
import { MembersHeader } from './components/MembersHeader';
import { MembersNoAccess } from './components/MembersNoAccess';
import { MembersPager } from './components/MembersPager';
import { MembersTable } from './components/MembersTable';
import { MembersToolbar } from './components/MembersToolbar';
import { ImportMembersWizard } from './import/ImportMembersWizard';
import { memberColumnsFor } from './lib/member-columns';
import { defaultMemberLang } from './lib/member-form';
import { useDialogSubject } from '../../lib/use-dialog-subject';
import { useMemberSelection } from './use-member-selection';
import { useMembersList } from './use-members-list';

/** Expired codes grey out within a minute of their expiry. */
const CLOCK_REFRESH_MS = 60_000;
const NO_MEMBERS: readonly MemberView[] = [];

/** /virtualKeys: the site's members, their codes and credits (spec §2 Virtual keys / members). */
export function MembersPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  const role = useCurrentRole();
  let content;
  if (!siteId) {
    content = (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  } else if (!hasRole(role, 'user')) {
    content = <MembersNoAccess />;
  } else {
    // Keyed by site: search, selection and open dialogs belong to the site they were made on.
    content = <SiteMembers key={siteId} siteId={siteId} role={role} />;
  }
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
      <MembersHeader />
      {content}
    </Stack>
  );
}

function SiteMembers({ siteId, role }: { siteId: string; role: Role | null }) {
  const { t } = useTranslation();
  const site = useSite(siteId);
  if (site.isPending) return <Skeleton variant="rounded" height={420} data-testid="members-site-loading" />;
  if (site.isError) {
    return (
      <ErrorState
        error={site.error}
        onRetry={() => void site.refetch()}
        title={t('members.siteLoadFailed')}
      />
    );
  }
  return <MembersDirectory siteId={siteId} site={site.data} role={role} />;
}

function MembersDirectory({ siteId, site, role }: { siteId: string; site: SiteView; role: Role | null }) {
  const { t } = useTranslation();
  const keypad = site.keypadEnabled;
  const list = useMembersList(siteId);
  const page = list.members.data;
  const pageMembers = page?.data ?? NO_MEMBERS;
  const selection = useMemberSelection(pageMembers);
  const now = useNow(CLOCK_REFRESH_MS);

  const editor = useDialogSubject<MemberView | null>();
  const deletion = useDialogSubject<MemberView>();
  const credits = useDialogSubject<MemberView>();
  const code = useDialogSubject<{ member: MemberView; code: CodeView | null }>();
  const finder = useDialogSubject<true>();
  const importer = useDialogSubject<true>();

  // The list may have been refetched since a dialog opened: give it the member as it is now.
  const current = (member: MemberView) => pageMembers.find((m) => m._id === member._id) ?? member;

  const showCode = code.show;
  const context = useMemo<MemberRowContext>(
    () => ({
      columns: memberColumnsFor(keypad),
      codeTypes: codeTypesForSite(keypad),
      now,
      onEdit: editor.show,
      onDelete: deletion.show,
      onCredits: credits.show,
      onCode: (member, chosen) => showCode({ member, code: chosen }),
    }),
    [keypad, now, editor.show, deletion.show, credits.show, showCode],
  );

  const searching = list.appliedQuery !== '';
  const body =
    list.members.isError && !page ? (
      <Box sx={{ p: 2 }}>
        <ErrorState
          error={list.members.error}
          onRetry={() => void list.members.refetch()}
          title={t('members.loadFailed')}
        />
      </Box>
    ) : page && page.pagination.totalItems === 0 ? (
      <EmptyState
        icon={<PersonSearchIcon />}
        title={t('members.empty.title')}
        description={
          searching ? t('members.empty.searchHint', { query: list.appliedQuery }) : t('members.empty.hint')
        }
      />
    ) : (
      <>
        <MembersTable
          members={page ? pageMembers : null}
          selection={selection}
          sort={list.sort}
          onSort={list.sortBy}
          context={context}
        />
        {page && (
          <MembersPager
            total={page.pagination.totalItems}
            page={list.page}
            pageCount={page.pagination.totalPages}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        )}
      </>
    );

  return (
    <>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <MembersToolbar
          siteId={siteId}
          keypad={keypad}
          role={role}
          list={list}
          selected={selection.selected}
          onClearSelection={selection.clear}
          onDeleted={selection.clear}
          onFindCode={() => finder.show(true)}
          onImport={() => importer.show(true)}
          onAdd={() => editor.show(null)}
        />
        {/* The previous page stays in view while the next one loads; this bar says it is coming. */}
        <Box sx={{ height: 4 }}>
          {list.members.isPlaceholderData && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        {body}
      </Paper>

      {editor.subject && (
        <MemberDialog
          key={editor.subject.version}
          open={editor.open}
          siteId={siteId}
          keypad={keypad}
          member={editor.subject.value && current(editor.subject.value)}
          defaultLang={defaultMemberLang(site.lang)}
          onClose={editor.close}
        />
      )}
      {deletion.subject && (
        <DeleteMemberDialog
          open={deletion.open}
          siteId={siteId}
          member={deletion.subject.value}
          onDeleted={(memberId) => selection.remove([memberId])}
          onClose={deletion.close}
        />
      )}
      {credits.subject && (
        <CreditsDialog
          key={credits.subject.version}
          open={credits.open}
          member={current(credits.subject.value)}
          onClose={credits.close}
        />
      )}
      {code.subject && (
        <CodeDialog
          key={code.subject.version}
          open={code.open}
          member={current(code.subject.value.member)}
          code={code.subject.value.code}
          onClose={code.close}
        />
      )}
      {finder.subject && (
        <FindCodeDialog
          key={finder.subject.version}
          open={finder.open}
          siteId={siteId}
          onClose={finder.close}
        />
      )}
      <ImportMembersWizard open={importer.open} onClose={importer.close} />
    </>
  );
}
