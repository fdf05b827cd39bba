/**
 * The signature canvas (enrollment-wizard §2.11, §9): 450×300 where the window is at least
 * 768 px wide, otherwise 200×100, with Clear. Each finished stroke writes the drawing as a PNG
 * data URL into a hidden input, so the form posts it like any other field.
 *
 * It needs JavaScript, so it exists only in the browser: nothing is rendered on the server
 * or before hydration, and react-signature-canvas (with signature_pad) is fetched as its own
 * chunk the first time this step shows the pad — no other page pays for it. Without it, or
 * for anyone who cannot draw, the typed-name signature beside it is always there.
 */
import {
  Component,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CanvasHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type RefAttributes,
} from "react";
import { useTranslation } from "~/i18n-react";
import { useField } from "~/components/form/validated";
import { useHydrated } from "remix-utils/use-hydrated";
import * as s from "./AgreementStep.css";

/** What this component uses of react-signature-canvas (1.0.7 ships no type declarations). */
interface SignatureCanvasHandle {
  clear(): void;
  isEmpty(): boolean;
  toDataURL(type?: string, encoderOptions?: number): string;
}
interface SignatureCanvasProps extends RefAttributes<SignatureCanvasHandle> {
  onEnd?: () => void;
  penColor?: string;
  minWidth?: number;
  maxWidth?: number;
  clearOnResize?: boolean;
  canvasProps?: CanvasHTMLAttributes<HTMLCanvasElement> & { width: number; height: number };
}

const SignatureCanvas = lazy(async () => {
  // @ts-expect-error -- untyped CommonJS module; the shape used is SignatureCanvasProps above
  const mod = await import("react-signature-canvas");
  // CommonJS interop differs between the dev pre-bundle and the production build.
  const component = (mod.default?.default ?? mod.default) as ComponentType<SignatureCanvasProps>;
  return { default: component };
});

export const WIDE_QUERY = "(min-width: 768px)";
export function canvasSize(wide: boolean) {
  return wide ? { width: 450, height: 300 } : { width: 200, height: 100 };
}

/** If the chunk cannot load (offline, blocked), the pad quietly stays away: typing still works. */
class PadBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface SignaturePadProps {
  /** the hidden input the PNG data URL goes into */
  name: string;
  /** the id of the text that explains the signature (and offers the typed alternative) */
  describedBy?: string;
}

export function SignaturePad(props: SignaturePadProps) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  if (!hydrated) return null;
  return (
    <PadBoundary fallback={<p className="hint">{t("agreement.padUnavailable")}</p>}>
      <Suspense fallback={<p className="hint">{t("agreement.loadingPad")}</p>}>
        <Pad {...props} />
      </Suspense>
    </PadBoundary>
  );
}

/** Mounted only in the browser, after hydration. */
function Pad({ name, describedBy }: SignaturePadProps) {
  const { t } = useTranslation();
  const ref = useRef<SignatureCanvasHandle>(null);
  const hintId = useId();
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  const [value, setValue] = useState("");
  const [status, setStatus] = useState("");
  const { error, validate } = useField(name);

  // The size follows the window; a resized canvas loses its drawing, so the value goes too.
  const drawn = useRef(false);
  useEffect(() => {
    const media = window.matchMedia(WIDE_QUERY);
    const onChange = () => {
      setWide(media.matches);
      if (drawn.current) setStatus(t("agreement.padResized"));
      drawn.current = false;
      setValue("");
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [t]);

  // Once the form has shown 'Signature is required', drawing clears it without another submit.
  const check = useRef({ error, validate });
  check.current = { error, validate };
  useEffect(() => {
    if (value && check.current.error) check.current.validate();
  }, [value]);

  const onEnd = useCallback(() => {
    const pad = ref.current;
    if (!pad || pad.isEmpty()) return;
    drawn.current = true;
    setValue(pad.toDataURL("image/png"));
    setStatus(t("agreement.padCaptured"));
  }, [t]);

  const clear = useCallback(() => {
    ref.current?.clear();
    drawn.current = false;
    setValue("");
    setStatus(t("agreement.padCleared"));
  }, [t]);

  const size = canvasSize(wide);
  return (
    <div className={s.pad} data-testid="signature-pad">
      <p className="hint" id={hintId}>
        {t("agreement.padHint")}
      </p>
      <SignatureCanvas
        key={`${size.width}x${size.height}`}
        ref={ref}
        onEnd={onEnd}
        penColor="#0b0c0c"
        minWidth={0.8}
        maxWidth={2.5}
        clearOnResize={false}
        canvasProps={{
          width: size.width,
          height: size.height,
          className: s.canvas,
          role: "img",
          "aria-label": t("agreement.padLabel"),
          "aria-describedby": [hintId, describedBy].filter(Boolean).join(" "),
        }}
      />
      <input type="hidden" name={name} value={value} />
      <div className={s.padButtons}>
        <button type="button" className="button button--secondary" onClick={clear}>
          {t("agreement.clear")}
        </button>
        <span role="status" aria-live="polite" className="hint">
          {status}
        </span>
      </div>
    </div>
  );
}
