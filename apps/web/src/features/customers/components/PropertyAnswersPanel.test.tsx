import { ACCEPTED_ONLINE, type RecordedPropertyAnswers } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { PropertyAnswersPanel } from './PropertyAnswersPanel';

const ANSWERS: RecordedPropertyAnswers = {
  grassOvergrown: false,
  isCommunityGate: false,
  communityCode: null,
  isBackyardGate: true,
  isGateLocked: true,
  gateCode: '#9911',
  wantsComboLock: true,
  isFlowerBeds: false,
  lineTrimBeds: null,
  bedsCouldBeDamaged: null,
  isPetsBackyard: true,
  petsMowAround: 'yes_knock',
  isFencePlastic: false,
  isAboveGroundPool: true,
  isTranpoline: false,
  answeredAt: '2026-05-04T15:00:00.000Z',
  releases: [
    {
      item: 'isAboveGroundPool',
      accepted: true,
      acceptedBy: ACCEPTED_ONLINE,
      acceptedByUserId: null,
      acceptedFromIp: '203.0.113.7',
      // 10:00 in Chicago (daylight saving time, UTC-5).
      acceptedAt: '2026-05-04T15:00:00.000Z',
    },
  ],
};

const serve = (data: RecordedPropertyAnswers | null) =>
  installFakeFetch((request) =>
    request.path === '/customers/101/property-answers'
      ? jsonResponse(200, { data })
      : jsonResponse(404, { message: 'Not found' }),
  );

const renderPanel = () => renderRoutes([{ path: '/', element: <PropertyAnswersPanel customerId={101} /> }]);

beforeEach(() => signIn());

describe('PropertyAnswersPanel', () => {
  it('shows the answers asked, and each release with who accepted it and when, in Chicago time', async () => {
    serve(ANSWERS);
    renderPanel();
    const answers = await screen.findByRole('table', { name: 'Property answers' });
    expect(within(answers).getByRole('row', { name: 'Backyard gate locked Yes' })).toBeInTheDocument();
    expect(within(answers).getByRole('row', { name: 'Install a free combo lock Yes' })).toBeInTheDocument();
    expect(
      within(answers).getByRole('row', { name: 'Mow around the pets Yes, knock on the front door first' }),
    ).toBeInTheDocument();
    // A follow-up that was not asked is not shown.
    expect(within(answers).queryByRole('row', { name: /Line trim the beds/ })).not.toBeInTheDocument();
    const releases = screen.getByRole('table', { name: 'Releases of liability' });
    expect(within(releases).getByRole('row', { name: /Above-ground pool/ })).toHaveTextContent(
      `Above-ground poolYes${ACCEPTED_ONLINE}May 4, 2026, 10:00 AM203.0.113.7`,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when no answers were kept for the customer', async () => {
    serve(null);
    renderPanel();
    expect(await screen.findByText(/No answers were recorded/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
