/** How long a copy message stays (spec 4 §8: "Copy to clipboard: success … for 1500 ms"); antd counts seconds. */
export const COPY_MESSAGE_SECONDS = 1.5;

/** The part of antd's message instance (App.useApp().message or the static one) a copy needs. */
export interface CopyMessenger {
  success(content: string, duration?: number): unknown;
  error(content: string, duration?: number): unknown;
}

/**
 * Copies text to the clipboard and says so: the success text for 1.5 s, or the failure text when the
 * browser refuses (no clipboard: an insecure page, or a denied permission). Every copy button of the host
 * and the designers goes through here. Resolves to whether the text was copied.
 */
export async function copyToClipboard(
  text: string,
  message: CopyMessenger,
  texts: { ok: string; fail: string },
): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    void message.success(texts.ok, COPY_MESSAGE_SECONDS);
    return true;
  } catch {
    void message.error(texts.fail, COPY_MESSAGE_SECONDS);
    return false;
  }
}
