/**
 * The scanner (/scan; docs/decisions.md: Labels and scanning): the camera's picture, read for a QR
 * code a few times a second, and a box to type the code printed under it for when no camera reads
 * one. A label of ours opens its record (an asset its detail, a location its work orders), online or
 * from the records kept on the device; anything else says why and opens nothing, and the scanner
 * goes on looking (the same refused label is not tried again while it stays in view).
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { messageForScreen } from '../../../shared/data/messages';
import { readCode } from '../../../shared/rules/record-codes';
import { homeFor } from '../../app/navigation';
import { Field, fieldAria } from '../../components/Field';
import { LinkButton } from '../../components/LinkButton';
import { callWorker } from '../../state/bridge';
import { useT } from '../../i18n/language';
import { useCurrentUser } from '../../state/hooks';
import { CameraError, closeCamera, openCamera } from './camera';
import { createQrReader } from './qr-reader';
import { targetPath } from './scan-target';
import { CAMERA_PROBLEMS, SCAN_TEXTS } from './scan-texts';

/** Between two looks at the picture: quick enough to feel immediate, rare enough to leave the page idle between. */
const SCAN_INTERVAL_MS = 200;

type CameraState = 'starting' | 'on' | 'off';

/** Looks a code up through the data worker and goes where it opens; says why when it opens nothing. */
function useOpenCode() {
  const [, navigate] = useLocation();
  const [opening, setOpening] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = useRef(false);
  const refused = useRef<string | null>(null);
  const open = useCallback(
    async (text: string) => {
      busy.current = true;
      setOpening(true);
      setRefusal(null);
      try {
        const result = await callWorker((worker) => worker.codes.resolve(text));
        navigate(targetPath(result.data));
      } catch (err) {
        refused.current = text;
        setRefusal(messageForScreen(err, SCAN_TEXTS.failure));
        busy.current = false;
        setOpening(false);
      }
    },
    [navigate],
  );
  return { open, opening, refusal, busy, refused };
}

export function ScanPage() {
  const t = useT();
  const user = useCurrentUser();
  const video = useRef<HTMLVideoElement>(null);
  const [wanted, setWanted] = useState(true);
  // Each press of Start camera is a new try, also after a failed one (wanted is still true then).
  const [attempt, setAttempt] = useState(0);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const { open, opening, refusal, busy, refused } = useOpenCode();

  useEffect(() => {
    if (!wanted) {
      setCamera('off');
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setCamera('starting');
    setProblem(null);
    void (async () => {
      try {
        stream = await openCamera();
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        // The decoder is loaded now that a camera is there to read (jsQR only where the browser has no reader of its own).
        const reader = await createQrReader();
        if (stopped) return;
        setCamera('on');
        const look = async () => {
          if (stopped) return;
          if (!busy.current && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const text = await reader.read(element).catch(() => null);
            if (text && text !== refused.current && !stopped) void open(text);
          }
          if (!stopped) timer = setTimeout(() => void look(), SCAN_INTERVAL_MS);
        };
        void look();
      } catch (err) {
        if (stopped) return;
        setProblem(err instanceof CameraError ? CAMERA_PROBLEMS[err.problem] : CAMERA_PROBLEMS.failed);
        setCamera('off');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      closeCamera(stream);
      if (video.current) video.current.srcObject = null;
    };
  }, [wanted, attempt, open, busy, refused]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readCode(typed)) {
      setTypedError(SCAN_TEXTS.badCode);
      return;
    }
    setTypedError(null);
    void open(typed);
  };

  let status: string = SCAN_TEXTS.aim;
  if (opening) status = SCAN_TEXTS.opening;
  else if (camera === 'starting') status = SCAN_TEXTS.starting;
  else if (camera === 'off') status = SCAN_TEXTS.stopped;
  // The button says what it will do to the camera as it is: a camera that failed to open is off.
  const cameraRuns = camera !== 'off';
  const toggleCamera = () => {
    if (cameraRuns) setWanted(false);
    else {
      setWanted(true);
      setAttempt((n) => n + 1);
    }
  };

  return (
    <section className="scan-screen">
      <div className="page-header">
        <h1>{t(SCAN_TEXTS.title)}</h1>
        <div className="button-row">
          <Button
            type="button"
            label={cameraRuns ? t(SCAN_TEXTS.stop) : t(SCAN_TEXTS.start)}
            icon={cameraRuns ? 'pi pi-stop-circle' : 'pi pi-camera'}
            outlined
            onClick={toggleCamera}
          />
          <LinkButton href={user ? homeFor(user) : '/'} label={t('Back')} icon="pi pi-arrow-left" outlined />
        </div>
      </div>
      {refusal ? (
        <div className="notice">
          <Message severity="error" text={t(refusal)} />
        </div>
      ) : null}
      {problem ? (
        <div className="notice">
          <Message severity="warn" text={t(problem)} />
        </div>
      ) : null}
      <div className="scan-camera" hidden={camera === 'off'}>
        <video ref={video} className="scan-video" muted playsInline aria-label={t(SCAN_TEXTS.videoLabel)} />
      </div>
      <p className="scan-status" role="status">
        {t(status)}
      </p>
      <form className="form panel scan-type" onSubmit={submit} noValidate>
        <h2>{t(SCAN_TEXTS.typeHeading)}</h2>
        <Field id="scan-code" label={t(SCAN_TEXTS.codeLabel)} hint={t(SCAN_TEXTS.typeHint)} error={typedError && t(typedError)}>
          <InputText
            id="scan-code"
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              setTyped(e.target.value);
              setTypedError(null);
            }}
            invalid={Boolean(typedError)}
            {...fieldAria('scan-code', typedError, true)}
          />
        </Field>
        <Button type="submit" label={t(SCAN_TEXTS.open)} icon="pi pi-arrow-right" disabled={opening} />
      </form>
    </section>
  );
}
