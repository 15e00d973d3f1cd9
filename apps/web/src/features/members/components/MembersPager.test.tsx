import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { MembersPager } from './MembersPager';

function renderPager(page: number, pageCount: number) {
  const onPageChange = vi.fn();
  render(
    <MembersPager
      total={pageCount * 50}
      page={page}
      pageCount={pageCount}
      pageSize={50}
      onPageChange={onPageChange}
      onPageSizeChange={vi.fn()}
    />,
  );
  return onPageChange;
}

/** The numbered page buttons and the ellipses between them (not the previous/next arrows). */
const pageItems = () => {
  const list = within(screen.getByRole('navigation', { name: 'Pages' }));
  return list
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
    .filter((text) => text !== '');
};

afterEach(cleanup);

describe('MembersPager', () => {
  it.each([1, 2, 4, 50, 97, 100])('shows at most 7 pages of 100 when on page %i', (page) => {
    renderPager(page, 100);
    const items = pageItems();
    expect(items.length).toBeLessThanOrEqual(7);
    expect(items).toContain(String(page));
    expect(items[0]).toBe('1');
    expect(items.at(-1)).toBe('100');
  });

  it('shows every page when there are 7 or fewer', () => {
    renderPager(3, 7);
    expect(pageItems()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('goes to the page that is clicked and says how many members there are', () => {
    const onPageChange = renderPager(1, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(screen.getByTestId('members-total').textContent).toBe('150 members');
  });
});
