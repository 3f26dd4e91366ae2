/** SPEC §8 RID failure texts (fixed: they never carry the server's message). */
export const RID_LOAD_FAILED = 'Не удалось загрузить информацию из АСУ РИД';
export const RID_UPDATE_CONFLICT = 'РИД находится на редактировании, подать обновление невозможно';
