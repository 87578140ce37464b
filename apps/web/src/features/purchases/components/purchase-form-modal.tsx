import { Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { feeEditableStatuses, type Purchase, type PurchaseBody, purchaseBodySchema } from '@vmeste/contract';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { useCards } from '@/features/cards';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreatePurchase } from '../api/create-purchase';
import { useUpdatePurchase } from '../api/update-purchase';
import { useUploadPurchaseCover } from '../api/upload-purchase-cover';
import { FormFooter } from '@/components/form-footer';
import { PercentInput } from '@/components/percent-input';
import { CoverPicker, coverFileError } from './cover-picker';

type Props = { purchase: Purchase | null; opened: boolean; onClose: () => void };

export function PurchaseFormModal({ purchase, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={purchase ? 'Изменить закупку' : 'Новая закупка'} size="xl" centered>
      {opened && <PurchaseForm key={purchase?.id ?? 'new'} purchase={purchase} onDone={onClose} />}
    </Modal>
  );
}

function PurchaseForm({ purchase, onDone }: { purchase: Purchase | null; onDone: () => void }) {
  const cards = useCards();
  const create = useCreatePurchase();
  const update = useUpdatePurchase();
  const upload = useUploadPurchaseCover();
  const form = useFormFields({
    title: purchase?.title ?? '',
    supplier: purchase?.supplier ?? '',
    description: purchase?.description ?? '',
  });
  const [fee, setFee] = useState<number | string>(purchase?.organizerFeePercent ?? 15);
  const [deadline, setDeadline] = useState<string | null>(purchase?.paymentDeadline ?? null);
  const [cardId, setCardId] = useState<string | null>(purchase?.cardId ?? null);
  const [showOnMain, setShowOnMain] = useState(purchase?.showOnMain ?? false);
  const [isCashbackExcluded, setCashbackExcluded] = useState(purchase?.isCashbackExcluded ?? false);
  const [mainOrder, setMainOrder] = useState<number | string>(purchase?.mainOrder ?? 0);
  const [cover, setCover] = useState<File | null>(null);
  // Past collection the form keeps the fee as it is; «Изменить оргсбор» in the purchase's menu changes it.
  const isFeeFixed = purchase !== null && !feeEditableStatuses.includes(purchase.status);

  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: purchaseBodySchema,
    // The cover goes up once the purchase exists, since a new purchase has no id before it is saved.
    send: async (body: PurchaseBody) => {
      const saved = purchase ? await update.mutateAsync({ params: { id: purchase.id }, body }) : await create.mutateAsync({ body });
      if (cover) await upload.mutateAsync({ params: { id: saved.id }, file: cover });
      return saved;
    },
    onSuccess: () => {
      toast.success(purchase ? 'Закупка сохранена' : 'Закупка создана');
      onDone();
    },
    extraFields: ['organizerFeePercent', 'paymentDeadline', 'cardId'],
  });

  function pickCover(file: File) {
    const error = coverFileError(file);
    form.setErrors(error ? { cover: error } : {});
    if (!error) setCover(file);
  }

  const { errors, text } = form;
  const body = {
    ...form.values,
    organizerFeePercent: typeof fee === 'number' ? fee : Number(String(fee).replace(',', '.')),
    paymentDeadline: deadline,
    cardId,
    showOnMain,
    isCashbackExcluded,
    mainOrder: Number(mainOrder) || 0,
  };
  const cardOptions = (cards.data ?? [])
    .filter((c) => c.isActive || c.id === cardId)
    .map((c) => ({ value: c.id, label: `${c.bank}, ${c.numberMasked}, ${c.holderName}` }));

  return (
    <form onSubmit={(event) => void submit(body, event)} noValidate>
      <Stack gap="md">
        <FormError message={form.formError} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput label="Название" required {...text('title')} />
            <TextInput label="Поставщик" {...text('supplier')} />
            <Textarea label="Описание" autosize minRows={3} maxRows={8} {...text('description')} />
            <SimpleGrid cols={2}>
              <PercentInput
                label="Оргсбор, %"
                value={fee}
                onChange={setFee}
                disabled={isFeeFixed}
                description={isFeeFixed ? 'Сбор заказов закончен: меню закупки → «Изменить оргсбор»' : undefined}
                error={errors.organizerFeePercent}
              />
              <DateInput
                label="Оплатить до"
                value={deadline}
                onChange={setDeadline}
                valueFormat="DD.MM.YYYY"
                clearable
                error={errors.paymentDeadline}
              />
            </SimpleGrid>
            <Select
              label="Карта для переводов"
              placeholder="Не выбрана"
              data={cardOptions}
              value={cardId}
              onChange={setCardId}
              clearable
              error={errors.cardId}
            />
          </Stack>
          <Stack gap="sm">
            <CoverPicker currentUrl={purchase?.coverThumbUrl ?? null} file={cover} error={errors.cover} onPick={pickCover} />
            <Switch label="Показывать на главной" checked={showOnMain} onChange={(e) => setShowOnMain(e.currentTarget.checked)} />
            <NumberInput
              label="Порядок на главной"
              description="Меньше — выше"
              value={mainOrder}
              onChange={setMainOrder}
              min={0}
              max={100000}
              allowDecimal={false}
            />
            <Switch label="Без кешбэка" checked={isCashbackExcluded} onChange={(e) => setCashbackExcluded(e.currentTarget.checked)} />
          </Stack>
        </SimpleGrid>
        <FormFooter onCancel={onDone} isSubmitting={isSubmitting} submitLabel={purchase ? 'Сохранить' : 'Создать'} />
      </Stack>
    </form>
  );
}
