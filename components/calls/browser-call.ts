"use client";

/**
 * The browser's side of an answered WhatsApp call (issue 32, part 3): the microphone
 * (getUserMedia), an RTCPeerConnection answering the customer's SDP offer that Meta sent in the
 * `calls` webhook's connect, and the remote audio played through an <audio> element and measured
 * by an AnalyserNode (the level is shown to tests as a data attribute on the call's panel).
 * No STUN or TURN is configured: WhatsApp's offer carries its media server's candidates, and the
 * sandbox's are on 127.0.0.1; Meta's guide says the business answers with an SDP that has its ICE
 * candidates, so we wait for gathering before answering (no trickle ICE in the Calling API):
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 */
export type BrowserCall = {
  /** the SDP answer, candidates gathered */
  answer: string;
  setMuted(muted: boolean): void;
  /** loudest remote RMS seen (0–1 of full scale) and the current one */
  level(): { peak: number; now: number };
  close(): void;
};

/** Gathering rarely takes long without STUN; past this we answer with the candidates we have. */
const GATHER_LIMIT_MS = 5_000;

function gathered(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const done = () => {
      pc.removeEventListener("icegatheringstatechange", check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, GATHER_LIMIT_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/**
 * Answers `offer` with the microphone. Call during the click (the AudioContext must start in a
 * user gesture). Throws when the microphone is refused or the offer is unusable.
 */
export async function answerInBrowser(offer: string, audio: HTMLAudioElement): Promise<BrowserCall> {
  const context = new AudioContext();
  // started within the click's transient activation; resumed in case the browser held it
  void context.resume().catch(() => undefined);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  const samples = new Float32Array(analyser.fftSize);
  let peak = 0;
  let current = 0;
  let stream: MediaStream | null = null;
  const pc = new RTCPeerConnection({ iceServers: [] });
  const meter = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    current = Math.sqrt(sum / samples.length);
    peak = Math.max(peak, current);
  }, 100);
  const close = () => {
    clearInterval(meter);
    for (const track of stream?.getTracks() ?? []) track.stop();
    pc.close();
    audio.srcObject = null;
    void context.close().catch(() => undefined);
  };
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
    pc.addEventListener("track", (event) => {
      const remote = event.streams[0] ?? new MediaStream([event.track]);
      // Chromium sends a remote WebRTC stream to Web Audio only while a media element plays it
      audio.srcObject = remote;
      void audio.play().catch(() => undefined);
      context.createMediaStreamSource(remote).connect(analyser);
    });
    await pc.setRemoteDescription({ type: "offer", sdp: offer });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    const answer = pc.localDescription?.sdp ?? "";
    return {
      answer,
      setMuted(muted) {
        for (const track of stream?.getAudioTracks() ?? []) track.enabled = !muted;
      },
      level: () => ({ peak, now: current }),
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}
