/**
 * The page a record is shown on (the show view), for buttons made for list rows that also sit
 * there: after a delete a row refreshes its list, a record's page goes back to the list.
 */
import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';

export type RecordPage = { readonly onDeleted: (record: RaRecord) => void };

export const RecordPageContext = createContext<RecordPage | null>(null);

export const useRecordPage = (): RecordPage | null => useContext(RecordPageContext);
