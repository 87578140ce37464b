import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { COVER_MAX_BYTES, type Purchase, purchaseBodySchema } from '@vmeste/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useCards, useCreatePurchase, useUpdatePurchase, useUploadCover } from './purchases-api';
import { FormError } from '@/components/form-error';

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
  const upload = useUploadCover();
  const { values, setErrors, errors, text, formError, validate, showServerError } = useFormFields({
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
  const [preview, setPreview] = useState<string | null>(purchase?.coverThumbUrl ?? null);
  const isSaving = create.isPending || update.isPending || upload.isPending;

  useEffect(() => {
    if (!cover) return;
    const url = URL.createObjectURL(cover);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  function pickCover(file: File | null) {
    if (!file) return;
    if (file.size > COVER_MAX_BYTES) {
      setErrors({ cover: 'Обложка больше 5 мегабайт' });
      return;
    }
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) {
      setErrors({ cover: 'Обложка должна быть картинкой JPEG, PNG или WebP' });
      return;
    }
    setErrors({});
    setCover(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      ...values,
      organizerFeePercent: typeof fee === 'number' ? fee : Number(String(fee).replace(',', '.')),
      paymentDeadline: deadline,
      cardId,
      showOnMain,
      isCashbackExcluded,
      mainOrder: Number(mainOrder) || 0,
    };
    if (!validate(purchaseBodySchema, body)) return;
    try {
      const saved = purchase ? await update.mutateAsync({ id: purchase.id, body }) : await create.mutateAsync(body);
      if (cover) await upload.mutateAsync({ id: saved.id, file: cover });
      toast.success(purchase ? 'Закупка сохранена' : 'Закупка создана');
      onDone();
    } catch (error) {
      showServerError(error, ['organizerFeePercent', 'paymentDeadline', 'cardId']);
    }
  }

  const cardOptions = (cards.data ?? [])
    .filter((c) => c.isActive || c.id === cardId)
    .map((c) => ({ value: c.id, label: `${c.bank}, ${c.numberMasked}, ${c.holderName}` }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput label="Название" required {...text('title')} />
            <TextInput label="Поставщик" {...text('supplier')} />
            <Textarea label="Описание" autosize minRows={3} maxRows={8} {...text('description')} />
            <SimpleGrid cols={2}>
              <NumberInput
                label="Оргсбор, %"
                value={fee}
                onChange={setFee}
                min={0}
                max={100}
                decimalScale={2}
                decimalSeparator=","
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
            <Text fw={500} size="sm">
              Обложка
            </Text>
            {preview ? (
              <Image src={preview} alt="Обложка закупки" radius="md" h={200} fit="cover" />
            ) : (
              <Text size="sm" c="dimmed">
                Обложки нет. JPEG, PNG или WebP до 5 МБ; лучше горизонтальная, 4 : 3.
              </Text>
            )}
            <FileButton onChange={pickCover} accept="image/jpeg,image/png,image/webp">
              {(props) => (
                <Button variant="light" {...props}>
                  {preview ? 'Заменить обложку' : 'Загрузить обложку'}
                </Button>
              )}
            </FileButton>
            {errors.cover && (
              <Text size="sm" c="red.8" role="alert">
                {errors.cover}
              </Text>
            )}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={isSaving}>
            {purchase ? 'Сохранить' : 'Создать'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
