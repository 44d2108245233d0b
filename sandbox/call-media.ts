import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCSessionDescription,
  RtpHeader,
  RtpPacket,
} from "werift";
import type { Logger } from "@/sandbox/logger";
import type { CallMediaStats, CallPeer } from "@/sandbox/state";

/**
 * The customer's phone as a real WebRTC peer (issue 32), with werift (pure TypeScript, no
 * binaries). Host candidates on 127.0.0.1 only (IPv4 and IPv6 interface gathering off, loopback
 * added by hand; no STUN or TURN), so nothing leaves the machine.
 *
 * Codec: PCMU (G.711 µ-law, RTP payload type 0, 8 kHz mono), decided here. WhatsApp itself sends
 * Opus, but Opus cannot be encoded in plain TypeScript without a native or wasm encoder, while
 * µ-law is a few lines each way and every browser's WebRTC (Chromium included) still negotiates
 * it. The offer lists PCMU alone, so the answer must pick it; received packets are decoded and
 * their energy measured.
 *
 * Once connected the peer sends a known tone: TONE_HZ, amplitude TONE_AMPLITUDE, 20 ms packets.
 */
export const TONE_HZ = 440;
const TONE_AMPLITUDE = 0.4;
const SAMPLE_RATE = 8000;
const PACKET_SAMPLES = 160; // 20 ms
const PCMU = 0;

const codecs = {
  audio: [
    new RTCRtpCodecParameters({
      mimeType: "audio/PCMU",
      clockRate: SAMPLE_RATE,
      channels: 1,
      payloadType: PCMU,
    }),
  ],
};

/** G.711 µ-law: one 16-bit linear sample to a byte (ITU-T G.711, the classic bias-and-segment form). */
export function linearToMulaw(sample: number): number {
  const BIAS = 0x84;
  const CLIP = 32635;
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** G.711 µ-law: a byte back to a 16-bit linear sample. */
export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -magnitude : magnitude;
}

/** 20 ms of the tone from sample `offset`, µ-law encoded. */
export function tonePacket(offset: number): Buffer {
  const out = Buffer.alloc(PACKET_SAMPLES);
  for (let i = 0; i < PACKET_SAMPLES; i++) {
    const t = (offset + i) / SAMPLE_RATE;
    out[i] = linearToMulaw(Math.sin(2 * Math.PI * TONE_HZ * t) * TONE_AMPLITUDE * 32767);
  }
  return out;
}

/** Root mean square of µ-law samples, as a fraction of full scale (0 silence, ~0.707 a full-scale sine). */
export function mulawRms(payload: Buffer): { sumSquares: number; count: number } {
  let sumSquares = 0;
  for (const byte of payload) {
    const v = mulawToLinear(byte) / 32768;
    sumSquares += v * v;
  }
  return { sumSquares, count: payload.length };
}

function waitForGathering(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((s) => {
      if (s === "complete") {
        unSubscribe();
        resolve();
      }
    });
  });
}

/** One call's peer: the tone out, what came in. */
class WeriftPeer implements CallPeer {
  private readonly pc: RTCPeerConnection;
  private readonly track = new MediaStreamTrack({ kind: "audio" });
  private timer: NodeJS.Timeout | null = null;
  private remoteApplied = false;
  private closed = false;
  private readonly media = {
    packets_received: 0,
    samples: 0,
    sumSquares: 0,
    peak_rms: 0,
    packets_sent: 0,
    codec: null as string | null,
    connection_state: "new",
  };

  constructor(private readonly log: Logger) {
    this.pc = new RTCPeerConnection({
      codecs,
      iceServers: [],
      iceUseIpv4: false,
      iceUseIpv6: false,
      iceAdditionalHostAddresses: ["127.0.0.1"],
    });
    this.pc.addTransceiver(this.track, { direction: "sendrecv" });
    this.pc.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((rtp) => this.received(rtp));
    });
    this.pc.connectionStateChange.subscribe((s) => {
      this.media.connection_state = s;
      if (s === "connected") this.startTone();
      if (s === "failed" || s === "closed" || s === "disconnected") this.stopTone();
    });
  }

  private received(rtp: RtpPacket) {
    this.media.packets_received++;
    if (rtp.header.payloadType !== PCMU) {
      this.media.codec = `payload type ${rtp.header.payloadType}`;
      return;
    }
    this.media.codec = "PCMU/8000";
    const { sumSquares, count } = mulawRms(rtp.payload);
    this.media.sumSquares += sumSquares;
    this.media.samples += count;
    if (count > 0) this.media.peak_rms = Math.max(this.media.peak_rms, Math.sqrt(sumSquares / count));
  }

  private startTone() {
    if (this.timer || this.closed) return;
    let sequence = Math.floor(Math.random() * 0xffff);
    let offset = 0;
    this.timer = setInterval(() => {
      const header = new RtpHeader({
        payloadType: PCMU,
        sequenceNumber: sequence,
        timestamp: offset >>> 0,
        marker: this.media.packets_sent === 0,
      });
      this.track.writeRtp(new RtpPacket(header, tonePacket(offset)));
      sequence = (sequence + 1) & 0xffff;
      offset += PACKET_SAMPLES;
      this.media.packets_sent++;
    }, 20);
    this.timer.unref();
  }

  private stopTone() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Our offer, with every (loopback) candidate gathered. */
  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await waitForGathering(this.pc);
    return (this.pc.localDescription as RTCSessionDescription).sdp;
  }

  /** Our answer to the business's offer. Throws when the offer is not SDP werift can use. */
  async answer(offer: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offer });
    this.remoteApplied = true;
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await waitForGathering(this.pc);
    return (this.pc.localDescription as RTCSessionDescription).sdp;
  }

  /** The business's answer to our offer (pre_accept, then accept with the same SDP: applied once). */
  async applyAnswer(sdp: string): Promise<void> {
    if (this.remoteApplied || this.closed) return;
    this.remoteApplied = true;
    try {
      await this.pc.setRemoteDescription({ type: "answer", sdp });
    } catch (error) {
      // a test's placeholder SDP: signalling goes on, no media flows
      this.media.connection_state = "unusable answer";
      this.log.debug({ err: error }, "sandbox call: the business's SDP answer could not be applied");
    }
  }

  stats(): CallMediaStats {
    const m = this.media;
    return {
      codec: m.codec,
      connection_state: m.connection_state,
      packets_received: m.packets_received,
      rms: m.samples === 0 ? 0 : Number(Math.sqrt(m.sumSquares / m.samples).toFixed(5)),
      peak_rms: Number(m.peak_rms.toFixed(5)),
      tone_sent: m.packets_sent > 0,
      tone_hz: TONE_HZ,
      packets_sent: m.packets_sent,
    };
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.stopTone();
    this.pc.close().catch(() => undefined);
  }
}

export function newCallPeer(log: Logger): CallPeer & {
  offer(): Promise<string>;
  answer(offer: string): Promise<string>;
} {
  return new WeriftPeer(log);
}
