import { useEffect, useRef, useState } from 'react';

const SILENCE_AMPLITUDE = 0.01;
const SILENCE_STOP_MS = 5000;

/** Records from the microphone; stops by itself after 5 s below amplitude 0.01 (docs/screens.md#other-screens). */
export function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<() => void>(() => undefined);

  const start = async () => {
    setError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let quietSince = Date.now();
      const timer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        const peak = samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
        if (peak >= SILENCE_AMPLITUDE) quietSince = Date.now();
        else if (Date.now() - quietSince >= SILENCE_STOP_MS) stopRef.current();
      }, 100);
      recorder.ondataavailable = (e) => chunks.push(e.data);
      recorder.onstop = () => {
        window.clearInterval(timer);
        for (const track of stream.getTracks()) track.stop();
        void context.close();
        setAudioUrl((old) => {
          if (old) URL.revokeObjectURL(old);
          return URL.createObjectURL(new Blob(chunks, { type: recorder.mimeType }));
        });
        setRecording(false);
      };
      stopRef.current = () => recorder.state !== 'inactive' && recorder.stop();
      recorder.start();
      setRecording(true);
    } catch {
      setError('Não foi possível acessar o microfone. Verifique as permissões.');
    }
  };
  useEffect(() => () => stopRef.current(), []);
  return { recording, audioUrl, error, start, stop: () => stopRef.current() };
}

interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void)
    | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

function speechRecognition(): (new () => SpeechRecognitionLike) | undefined {
  const w = window as unknown as Record<string, unknown>;
  return (w.SpeechRecognition ?? w.webkitSpeechRecognition) as (new () => SpeechRecognitionLike) | undefined;
}

/** Dictation in pt-BR where the browser has speech recognition (`supported`); each final phrase goes to `onSaid`. */
export function useDictation(onSaid: (said: string) => void) {
  const [dictating, setDictating] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const Speech = speechRecognition();
  const toggle = () => {
    if (!Speech) return;
    if (dictating) return recognition.current?.stop();
    const r = new Speech();
    r.lang = 'pt-BR';
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (event) => {
      let said = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        if (result.isFinal) said += result[0]!.transcript;
      }
      if (said) onSaid(said.trim());
    };
    r.onend = () => setDictating(false);
    recognition.current = r;
    r.start();
    setDictating(true);
  };
  return { supported: Boolean(Speech), dictating, toggle };
}
