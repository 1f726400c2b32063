/**
 * "Profile" of the user menu: the signed-in admin changes their own nickname, email, avatar and
 * note (`adminProfile`, the account declaration's fields and rules) with the engine's inputs, the
 * avatar picker included. The avatar goes up through the self-service upload route, so accounts
 * without upload rights can pick one too; the server decides (`PROFILE_API.update`), its field
 * errors show on the inputs, and only its yes says "Saved" and updates the app bar at once.
 * Loaded with its first opening: the engine's inputs stay out of the shell's chunk.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Form, Loading, useGetIdentity, useTranslate } from 'react-admin';
import { useDoneFeedback } from '../engine/feedback';
import { toFormErrors, validateUpdate } from '../engine/formValidation';
import { ImageUploaderContext } from '../engine/imageChecks';
import { EntityFieldInput } from '../engine/kinds';
import { ApiError } from '../providers/api';
import { loadAdminSession, rememberProfile } from '../providers/authProvider';
import { changedFields, uploadImageTo, uploadImages } from '../providers/entityDataProvider';
import { httpClient } from '../providers/httpClient';
import { uploadImageWithProgress } from '../providers/uploadWithProgress';
import type { AdminProfile } from '../schema/api';
import type { Entity } from '../schema/engine/entity';
import { adminProfile, PROFILE_API } from '../schema/ums/admin';

const entity: Entity = adminProfile;
const uploadAvatar = uploadImageTo(PROFILE_API.uploadAvatar);
// The picker uploads as soon as a picture is chosen: to the self-service route too.
const uploadAvatarNow = uploadImageWithProgress(PROFILE_API.uploadAvatar);
const TITLE_ID = 'profile-dialog-title';

type Values = Record<string, unknown>;

const DirtyProbe = ({ onDirtyChange }: { readonly onDirtyChange: (dirty: boolean) => void }) => {
  const { isDirty } = useFormState();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  return null;
};

const SaveButton = () => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return <Button type="submit" variant="contained" disabled={isSubmitting}>{translate('ra.action.save')}</Button>;
};

const ProfileDialog = ({ onClose }: { readonly onClose: () => void }) => {
  const translate = useTranslate();
  const done = useDoneFeedback();
  const { refetch: refetchIdentity } = useGetIdentity();
  const [record, setRecord] = useState<(AdminProfile & { id: string }) | null>(null);

  useEffect(() => {
    let live = true;
    void loadAdminSession().then(({ username, nickName, email, language, icon, note }) => {
      if (live) setRecord({ id: username, username, nickName, email, language: language ?? null, icon, note });
    });
    return () => { live = false; };
  }, []);

  // Closing a changed form (backdrop, Escape, Cancel) asks first, as the engine's dialogs do.
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => { dirty.current = value; }, []);
  const close = () => {
    if (dirty.current && !window.confirm(translate('ra.message.unsaved_changes'))) return;
    onClose();
  };

  const validate = useCallback((values: Values) => validateUpdate(entity, record ?? {}, values), [record]);

  /** Field errors of a refused call, translated, on the inputs (an avatar's `file` error on the avatar). */
  const fieldErrors = (error: unknown): Record<string, string> | undefined => {
    if (!(error instanceof ApiError) || error.errors.length === 0) return undefined;
    const errors = error.errors.map((e) => (e.field === 'file' ? { ...e, field: 'icon' } : e));
    return Object.fromEntries(Object.entries(toFormErrors(errors)).map(([field, e]) => [field, translate(e.message, e.args)]));
  };

  const save = async (values: Values) => {
    if (!record) return undefined;
    const changes = changedFields(entity, values, record);
    try {
      // Failures are told by httpClient's error toast; the inputs say which field.
      const body = await uploadImages(entity, changes, uploadAvatar);
      const { data } = await httpClient<AdminProfile>(PROFILE_API.update, { method: 'POST', body });
      rememberProfile(data);
      await refetchIdentity();
      dirty.current = false;
      done('saved');
      onClose();
      return undefined;
    } catch (error) {
      return fieldErrors(error);
    }
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{translate('app.profile.title')}</DialogTitle>
      {record ? (
        <Form record={record} onSubmit={save} validate={validate} noValidate mode="onSubmit" reValidateMode="onChange">
          <DirtyProbe onDirtyChange={onDirtyChange} />
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('app.profile.username', { username: record.username })}
            </Typography>
            <ImageUploaderContext.Provider value={uploadAvatarNow}>
              {Object.entries(entity.fields).map(([name, decl]) => (
                <EntityFieldInput key={name} entity={entity} name={name} decl={decl} mode="edit" />
              ))}
            </ImageUploaderContext.Provider>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <SaveButton />
          </DialogActions>
        </Form>
      ) : <DialogContent><Loading /></DialogContent>}
    </Dialog>
  );
};

export default ProfileDialog;
