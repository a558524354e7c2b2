import { CAMERA_CONSTRAINTS, FIELD_MSG } from '@os/shared';
import { Camera, Check, Pause, Play, SwitchCamera, Trash2, VideoOff } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { toast } from '../../../components/ui/toast';

type Facing = 'environment' | 'user';

/**
 * The camera's error in the words of docs/api.md#errors, the detail in Portuguese too
 * (docs/rules.md#daily-use): the browser's own text ('Requested device not found') never shows.
 */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return FIELD_MSG.cameraPermission;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return `${FIELD_MSG.cameraError}${FIELD_MSG.cameraNotFound}`;
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError')
    return `${FIELD_MSG.cameraError}${FIELD_MSG.cameraBusy}`;
  return `${FIELD_MSG.cameraError}${FIELD_MSG.cameraFailed}`;
}

async function openCamera(facing: Facing): Promise<MediaStream> {
  const video = { facingMode: facing, ...CAMERA_CONSTRAINTS };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (error) {
    // A camera below 1280x720 cannot meet docs/rules.md#constants's minimum: take the best it has rather than nothing.
    if (error instanceof DOMException && error.name === 'OverconstrainedError') {
      return navigator.mediaDevices.getUserMedia({
        video: {
          facingMode: facing,
          width: { ideal: CAMERA_CONSTRAINTS.width.ideal },
          height: { ideal: CAMERA_CONSTRAINTS.height.ideal },
        },
        audio: false,
      });
    }
    throw error;
  }
}

/**
 * The camera's live stream on `video` while no photo is taken: opened facing `facing` (again when it changes),
 * stopped when a photo is taken or the screen goes; its failure in Portuguese, in `error` and a toast.
 */
function useCameraStream(video: RefObject<HTMLVideoElement | null>, facing: Facing, active: boolean) {
  const streamRef = useRef<MediaStream | null>(null);
  const [paused, setPaused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const available = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  useEffect(() => {
    if (!available || !active) return;
    let cancelled = false;
    setError(null);
    openCamera(facing)
      .then((stream) => {
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        streamRef.current = stream;
        if (video.current) {
          video.current.srcObject = stream;
          void video.current.play().catch(() => undefined);
        }
        setPaused(false);
      })
      .catch((err: unknown) => {
        if (!cancelled) {
          setError(cameraErrorMessage(err));
          toast.error(cameraErrorMessage(err));
        }
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [available, active, facing, stop, video]);

  const togglePause = () => {
    const current = video.current;
    if (!current) return;
    if (current.paused) {
      void current.play();
      setPaused(false);
    } else {
      current.pause();
      setPaused(true);
    }
  };
  return { available, paused, error, stop, togglePause };
}

/** The video's current frame as a JPEG (quality 0.9), or null. */
function grabFrame(video: HTMLVideoElement | null): Promise<Blob | null> {
  if (!video?.videoWidth) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

/** 'Câmera não disponível…' with 'Fechar câmera'. */
function CameraUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-md border border-dashed border-slate-300 p-4 text-center text-sm dark:border-slate-600"
    >
      <VideoOff className="size-8 text-slate-400" aria-hidden="true" />
      <p>{FIELD_MSG.cameraUnavailable}</p>
      <Button variant="secondary" onClick={onClose}>
        Fechar câmera
      </Button>
    </div>
  );
}

/**
 * Camera capture (docs/screens.md#order-card-modals, docs/rules.md#constants): pause/play, capture, switch camera, discard, accept.
 * `onAccept` gets the photo as a JPEG file named `fileName`.
 */
export function CameraCapture({
  fileName,
  onAccept,
  onClose,
}: {
  fileName: string;
  onAccept: (file: File) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  const camera = useCameraStream(videoRef, facing, !shot);

  useEffect(
    () => () => {
      if (shot) URL.revokeObjectURL(shot.url);
    },
    [shot],
  );

  const capture = async () => {
    const blob = await grabFrame(videoRef.current);
    if (!blob) return;
    camera.stop();
    setShot({ blob, url: URL.createObjectURL(blob) });
  };

  const accept = () => {
    if (!shot) return;
    onAccept(new File([shot.blob], fileName, { type: 'image/jpeg' }));
    toast.success(FIELD_MSG.photoCapturedTitle, { description: FIELD_MSG.photoCapturedText });
    onClose();
  };

  if (!camera.available) return <CameraUnavailable onClose={onClose} />;
  const icon = (Icon: typeof Camera) => <Icon className="size-4" aria-hidden="true" />;
  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-700" aria-label="Câmera">
      {camera.error ? (
        <ErrorAlert>{camera.error}</ErrorAlert>
      ) : shot ? (
        <img src={shot.url} alt="Foto capturada" className="max-h-72 w-full rounded bg-black object-contain" />
      ) : (
        <video
          ref={videoRef}
          playsInline
          muted
          className="max-h-72 w-full rounded bg-black object-contain"
          data-testid="camera-preview"
        />
      )}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {shot ? (
          <>
            <Button variant="secondary" icon={icon(Trash2)} onClick={() => setShot(null)}>
              Descartar
            </Button>
            <Button icon={icon(Check)} onClick={accept}>
              Usar foto
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={!!camera.error}
              icon={icon(camera.paused ? Play : Pause)}
              onClick={camera.togglePause}
            >
              {camera.paused ? 'Continuar' : 'Pausar'}
            </Button>
            <Button disabled={!!camera.error} icon={icon(Camera)} onClick={() => void capture()}>
              Capturar
            </Button>
            <Button
              variant="secondary"
              icon={icon(SwitchCamera)}
              onClick={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
            >
              Trocar câmera
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Fechar câmera
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
