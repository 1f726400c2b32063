/**
 * The list body on a phone (ARCHITECTURE section 5): one compact card per record instead of a
 * table squeezed to 390 px. The card leads with the record's name (its `naming` fields, else its
 * display field, else its first list field; never a bare id) and its first image, then a few more
 * list fields with their labels, then the row actions; a tap opens the record as a table row click
 * does. Inline switches stay interactive.
 */
import { cardTitleField, recordName } from './recordName';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType, MouseEvent } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { RecordContextProvider, useGetResourceLabel, useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { fieldDisplay, KIND_UI } from './kinds';
import { fieldLabelKey } from './labels';
import type { EntityScreenOptions } from './screenOptions';
import { UnlessReadOnly } from './EntityShow';

/** Besides the display field and the image: enough to recognise a record, few enough for a phone. */
const MAX_DETAIL_FIELDS = 3;

type Cells = NonNullable<EntityScreenOptions['cells']>;

const isImage = (decl: FieldDecl): boolean => KIND_UI[decl.kind].picture;

/** The card's fields: the first list image, then list fields other than the title (low priority and counts last). */
const cardFields = (entity: Entity, title: string | null): { image: string | null; details: [string, FieldDecl][] } => {
  const listed = Object.entries(entity.fields).filter(([name, decl]) => decl.list && name !== entity.display && name !== title);
  const image = listed.find(([, decl]) => isImage(decl))?.[0] ?? null;
  const others = listed.filter(([, decl]) => !isImage(decl));
  // The columns a narrow window keeps (no listPriority) come first, as on a table; counts last.
  const rank = ([, d]: [string, FieldDecl]) => (d.listPriority === 'low' ? 2 : d.listPriority === 'medium' ? 1 : 0) * 2 + (d.serverManaged ? 1 : 0);
  const details = others.map((entry, at) => ({ entry, at })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.at - b.at)
    .slice(0, MAX_DETAIL_FIELDS).map(({ entry }) => entry);
  return { image, details };
};

const cell = (entity: Entity, name: string, decl: FieldDecl, cells: Cells) => {
  const Cell = cells[name];
  return Cell ? <Cell entity={entity} name={name} /> : fieldDisplay(entity, name, decl, true);
};

/** Clicks inside a field (switches, image links) or the actions must not open the record. */
const keep = (event: MouseEvent) => event.stopPropagation();

type MobileListProps = {
  readonly entity: Entity;
  readonly cells?: Cells;
  readonly rowClick: (id: Identifier, resource?: string, record?: RaRecord) => string | false;
  readonly rowActions?: ComponentType<{ readonly entity: Entity }>;
};

export const MobileList = ({ entity, cells = {}, rowClick, rowActions: RowActions }: MobileListProps) => {
  const { data } = useListContext();
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const navigate = useNavigate();
  const title = cardTitleField(entity);
  const { image, details } = cardFields(entity, title);
  const titleDecl = title ? entity.fields[title] : undefined;
  const open = (record: RaRecord) => {
    const to = rowClick(record.id, entity.name, record);
    if (to) navigate(to);
  };
  if (!data) return null;

  return (
    <Stack component="ul" aria-label={getResourceLabel(entity.name, 2)} spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card component="li" variant="outlined">
            <CardActionArea component="div" onClick={() => open(record)} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, p: 1.5 }}>
              {image && <Box onClick={keep} sx={{ flexShrink: 0 }}>{cell(entity, image, entity.fields[image]!, cells)}</Box>}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component="div" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {/* Entities named by several fields (a return: its order number and product) say them, never a bare "#28". */}
                  {entity.naming || !title || !titleDecl ? recordName(translate, entity, record) : cell(entity, title, titleDecl, cells)}
                </Typography>
                {details.map(([name, decl]) => (
                  <Box key={name} sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28, typography: 'body2' }}>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {translate(fieldLabelKey(entity, name))}
                    </Typography>
                    <Box component="span" onClick={keep} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{cell(entity, name, decl, cells)}</Box>
                  </Box>
                ))}
              </Box>
            </CardActionArea>
            {RowActions && (
              <Box onClick={keep} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1 }}>
                <UnlessReadOnly><RowActions entity={entity} /></UnlessReadOnly>
              </Box>
            )}
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};
