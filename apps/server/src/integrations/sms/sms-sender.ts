/** What the shop needs from an SMS gateway: send one text to one phone. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, text: string): Promise<{ providerMessageId: string }>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
