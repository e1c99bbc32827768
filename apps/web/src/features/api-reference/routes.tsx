import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('api-reference');
const ApiReferencePage = page(() => import('./components/api-reference-page'), 'ApiReferencePage');

/** `/api`: the API's reference, read from its OpenAPI document; linked from the API keys page, not a menu entry. */
export const apiReferenceRoutes: RouteObject[] = [{ path: paths.apiReference, element: <ApiReferencePage /> }];
