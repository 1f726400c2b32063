/**
 * react-admin's data provider: the declared entities mapped onto the API (paging, filters,
 * sorting, batch endpoints), over `httpClient`, so every failure gets the same feedback.
 */
import { createEntityDataProvider } from './entityDataProvider';

export const dataProvider = createEntityDataProvider();
