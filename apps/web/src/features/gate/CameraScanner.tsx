import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { CAMERA_REPEAT_MS, GATE_CAMERA_MSG } from '@klubhus/domain';
import { useEffect, useRef, useState } from 'react';

type State = 'off' | 'starting' | 'on';

/** The Danish text for a camera that would not start (getUserMedia's error names). */
function cameraError(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return GATE_CAMERA_MSG.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return GATE_CAMERA_MSG.missing;
  return GATE_CAMERA_MSG.failed;
}

/** How often a frame of the camera is decoded, ms. */
const SCAN_EVERY_MS = 250;

/**
 * Decodes a frame of the playing video every SCAN_EVERY_MS until stopped: each frame drawn on a
 * canvas of the frame's own size (the camera may change it), and a frame that fails to decode,
 * for whatever reason, only waits for the next. (@zxing's own loop sizes its canvas once, at start,
 * and ends silently at the first error it does not know.)
 */
function scanFrames(element: HTMLVideoElement, decode: (frame: HTMLCanvasElement) => string, onText: (text: string) => void) {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (context && element.videoWidth && element.videoHeight) {
      if (canvas.width !== element.videoWidth || canvas.height !== element.videoHeight) {
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
      }
      try {
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        onText(decode(canvas));
      } catch {
        // No code in this frame (the usual answer), or a frame not ready: the next one.
      }
    }
    timer = setTimeout(tick, SCAN_EVERY_MS);
  };
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Plays the camera's stream and waits (up to 10 s) until its frames have a size. */
async function framesArrive(element: HTMLVideoElement): Promise<boolean> {
  await element.play().catch(() => {});
  for (let waited = 0; !element.videoWidth && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return element.videoWidth > 0;
}

/**
 * Scanning with the phone's rear camera (QR and Code128): each decoded code goes to `onCode`, the
 * same path as a typed code. A code the camera keeps seeing is passed on once; it counts again only
 * after it has been out of view for CAMERA_REPEAT_MS. The decoder (@zxing) is loaded when the camera
 * is opened, so no page's first download carries it. The stream stops on Stop and on unmount.
 */
export function CameraScanner({ onCode, onActive }: { onCode: (code: string) => void; onActive?: (on: boolean) => void }) {
  const [state, setState] = useState<State>('off');
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<{ stop(): void } | null>(null);
  const last = useRef({ code: '', at: 0 });
  // The decoder's callback outlives renders: it reads the latest handlers from here.
  const handlers = useRef({ onCode, onActive });
  useEffect(() => {
    handlers.current = { onCode, onActive };
  });

  useEffect(() => {
    handlers.current.onActive?.(state !== 'off');
    if (state !== 'starting') return;
    let cancelled = false;
    let release = () => {};
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia || !video.current) throw Object.assign(new Error('no camera'), { name: 'NotFoundError' });
        const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
        const reader = new BrowserMultiFormatReader(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]]]));
        const element = video.current;
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        release = () => {
          for (const track of stream.getTracks()) track.stop();
          element.srcObject = null;
        };
        element.srcObject = stream;
        // A camera that never sends a picture is reported, not scanned for ever.
        if (!(await framesArrive(element))) throw new Error('the camera sends no picture');
        const scanning = scanFrames(element, (frame) => reader.decodeFromCanvas(frame).getText(), (text) => {
          const code = text.trim();
          if (!code) return;
          const now = Date.now();
          const repeat = code === last.current.code && now - last.current.at < CAMERA_REPEAT_MS;
          last.current = { code, at: now };
          if (!repeat) handlers.current.onCode(code);
        });
        const started = {
          stop() {
            scanning.stop();
            release();
          },
        };
        // Stopped or unmounted while the camera was starting: let it go at once.
        if (cancelled) started.stop();
        else {
          controls.current = started;
          setState('on');
        }
      } catch (e) {
        release();
        if (cancelled) return;
        setError(cameraError(e));
        setState('off');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [state]);

  const stop = () => {
    controls.current?.stop();
    controls.current = null;
    setState('off');
  };
  useEffect(
    () => () => {
      controls.current?.stop();
      controls.current = null;
    },
    [],
  );

  return (
    <Stack gap="2">
      <Button
        variant="outline"
        size="lg"
        loading={state === 'starting'}
        loadingText={GATE_CAMERA_MSG.starting}
        onClick={() => {
          if (state === 'off') {
            setError(null);
            last.current = { code: '', at: 0 };
            setState('starting');
          } else stop();
        }}
      >
        {state === 'off' ? GATE_CAMERA_MSG.start : GATE_CAMERA_MSG.stop}
      </Button>
      {error && (
        <Text role="alert" color="red.fg" data-testid="camera-error">
          {error}
        </Text>
      )}
      <Box display={state === 'off' ? 'none' : 'block'} borderRadius="md" overflow="hidden" bg="black">
        <video ref={video} muted playsInline aria-label={GATE_CAMERA_MSG.video} data-testid="camera-video" style={{ width: '100%', maxHeight: '50vh', objectFit: 'cover', display: 'block' }} />
      </Box>
    </Stack>
  );
}
