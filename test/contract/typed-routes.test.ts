import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, routePath, type PathParams, type RouteInput, type RouteResponse } from '../../contract';

// The route table's types are checked by `tsc` in `npm test`: each `@ts-expect-error` below
// fails the type check if the call it marks were ever accepted.

test('a route names its path parameters, query and body, and each is required exactly when it exists', () => {
  const download: RouteInput<typeof STATEMENT_ROUTES.downloadUrl> = { params: { statementId: 's1' } };
  const listParts: RouteInput<typeof STATEMENT_ROUTES.listParts> = { params: { statementId: 's1' }, query: { uploadId: 'u1' } };
  const create: RouteInput<typeof STATEMENT_ROUTES.createUpload> = {
    body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 1, accountLabel: 'Checking', period: '2024-01', checksum: 'x' },
  };
  // @ts-expect-error the download route's statementId is required
  const noParams: RouteInput<typeof STATEMENT_ROUTES.downloadUrl> = {};
  // @ts-expect-error ListParts needs the upload id
  const noQuery: RouteInput<typeof STATEMENT_ROUTES.listParts> = { params: { statementId: 's1' } };
  // @ts-expect-error a GET takes no body
  const bodyOnGet: RouteInput<typeof PROFILE_IMAGE_ROUTES.downloadUrl> = { body: {} };
  // @ts-expect-error the upload route's body has its own shape
  const wrongBody: RouteInput<typeof PROFILE_IMAGE_ROUTES.uploadUrl> = { body: { fileName: 'a.png' } };
  const parameter: PathParams<'/uploads/{statementId}/parts'> = 'statementId';
  expect([download, listParts, create, noParams, noQuery, bodyOnGet, wrongBody, parameter]).toHaveLength(8);
  expect(routePath(STATEMENT_ROUTES.downloadUrl.resource, download.params)).toBe('/statements/s1/download-url');
});

test('a route names what it answers', () => {
  const answer: RouteResponse<typeof STATEMENT_ROUTES.downloadUrl> = { url: 'https://x', expiresAt: 'later', fileName: 'a.pdf' };
  // @ts-expect-error the download answer carries its url
  const missing: RouteResponse<typeof PROFILE_IMAGE_ROUTES.downloadUrl> = { expiresAt: 'later' };
  const none: RouteResponse<typeof STATEMENT_ROUTES.deleteStatement> = undefined;
  expect([answer, missing, none]).toHaveLength(3);
});
