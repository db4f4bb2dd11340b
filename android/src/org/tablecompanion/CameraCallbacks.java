package org.tablecompanion;

import android.hardware.camera2.CameraCaptureSession;
import android.hardware.camera2.CameraDevice;

/**
 * Camera2's two state callbacks are abstract classes, which pyjnius cannot extend
 * (it implements Java interfaces only). These two classes forward every callback to
 * a {@link Listener}, an interface that vision/android/camera2.py implements in Python.
 * Never compiled on our machines (no Android SDK): see docs/android.md.
 */
public final class CameraCallbacks {
    private CameraCallbacks() {}

    /** What Python implements: one method per kind of event. */
    public interface Listener {
        /** event: "opened", "disconnected", "error" or "closed"; error: Camera2's code (0 if none). */
        void onDevice(String event, CameraDevice device, int error);

        /** event: "configured", "failed" or "closed". */
        void onSession(String event, CameraCaptureSession session);
    }

    /** CameraManager.openCamera's callback. */
    public static final class DeviceState extends CameraDevice.StateCallback {
        private final Listener listener;

        public DeviceState(Listener listener) {
            this.listener = listener;
        }

        @Override
        public void onOpened(CameraDevice device) {
            listener.onDevice("opened", device, 0);
        }

        @Override
        public void onDisconnected(CameraDevice device) {
            listener.onDevice("disconnected", device, 0);
        }

        @Override
        public void onError(CameraDevice device, int error) {
            listener.onDevice("error", device, error);
        }

        @Override
        public void onClosed(CameraDevice device) {
            listener.onDevice("closed", device, 0);
        }
    }

    /** CameraDevice.createCaptureSession's callback. */
    public static final class SessionState extends CameraCaptureSession.StateCallback {
        private final Listener listener;

        public SessionState(Listener listener) {
            this.listener = listener;
        }

        @Override
        public void onConfigured(CameraCaptureSession session) {
            listener.onSession("configured", session);
        }

        @Override
        public void onConfigureFailed(CameraCaptureSession session) {
            listener.onSession("failed", session);
        }

        @Override
        public void onClosed(CameraCaptureSession session) {
            listener.onSession("closed", session);
        }
    }
}
