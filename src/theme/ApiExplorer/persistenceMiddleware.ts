/**
 * Replaces `ApiExplorer/persistenceMiddleware` of docusaurus-theme-openapi-docs
 * 5.2.0 with the same behaviour.
 *
 * Why: the original imports `./storage-utils` by relative path, which bypasses
 * the lighter `@theme/ApiExplorer/storage-utils` of this site and pulls the
 * whole `crypto-js` library into every operation page. This copy differs only
 * in that import (and in its types).
 */
import type { Middleware } from '@reduxjs/toolkit';
import { createStorage, hashArray } from '@theme/ApiExplorer/storage-utils';

type Persistence = false | 'localStorage' | 'sessionStorage';
type Action = { type: string; payload?: any };
type ServerVariables = Record<string, { default?: string }>;

export function createPersistenceMiddleware(options?: { authPersistence?: Persistence }): Middleware {
  return (storeAPI) => (next) => (untypedAction) => {
    const result = next(untypedAction);
    const action = untypedAction as Action;
    const state = storeAPI.getState();
    const storage = createStorage(options?.authPersistence ?? 'sessionStorage');

    switch (action.type) {
      case 'auth/setAuthData':
        for (const [key, value] of Object.entries(state.auth.data as Record<string, object>)) {
          if (Object.values(value).filter(Boolean).length > 0) storage.setItem(key, JSON.stringify(value));
          else storage.removeItem(key);
        }
        break;
      case 'auth/setSelectedAuth':
        if (state.auth.selected) storage.setItem(hashArray(Object.keys(state.auth.options)), state.auth.selected);
        break;
      case 'contentType/setContentType':
        storage.setItem('contentType', action.payload);
        break;
      case 'accept/setAccept':
        storage.setItem('accept', action.payload);
        break;
      case 'server/setServer':
        storage.setItem('server', action.payload);
        break;
      case 'server/setServerVariable': {
        const server = storage.getItem('server');
        if (!server) return result;
        const variable = JSON.parse(action.payload) as { key: string; value: string };
        const serverObject = (JSON.parse(server) ?? {}) as { variables?: ServerVariables };
        if (serverObject.variables?.[variable.key]) {
          serverObject.variables[variable.key].default = variable.value;
          storage.setItem('server', JSON.stringify(serverObject));
        }
        break;
      }
      default:
        break;
    }
    return result;
  };
}
