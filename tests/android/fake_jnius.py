"""Fakes of the pyjnius module and of the Android classes the app uses (Camera2,
ImageReader, Handler, Bluetooth, USB, PowerManager's wake lock), for tests on the
desktop. Each fake keeps what was done to it (``calls``) so tests can say what the
app asked of Android."""

from __future__ import annotations

import numpy as np


class JavaException(Exception):
    """pyjnius's JavaException stand-in: ``classname`` and the message."""

    def __init__(self, classname: str, message: str = ""):
        super().__init__(f"{classname}: {message}")
        self.classname = classname


class PythonJavaClass:
    def __init__(self, *a, **kw):
        pass


def java_method(signature: str):
    def deco(fn):
        fn.signature = signature
        return fn
    return deco


# ---------------------------------------------------------------------------- camera
def bgr_to_planes(bgr: np.ndarray, interleaved: bool = True, row_pad: int = 16):
    """A BGR image as Android's YUV_420_888 planes: (y, u, v bytes, y_row, uv_row,
    uv_pixel); rows padded by ``row_pad`` bytes, the last row of each plane short
    of its stride (as cameras give); ``interleaved``: U and V with pixel stride 2."""
    import cv2

    h, w = bgr.shape[:2]
    i420 = cv2.cvtColor(bgr, cv2.COLOR_BGR2YUV_I420)
    Y = i420[:h]
    U = i420[h:h + h // 4].reshape(h // 2, w // 2)
    V = i420[h + h // 4:].reshape(h // 2, w // 2)
    y_row = w + row_pad

    def pack(p, stride, step):
        rows, cols = p.shape
        out = np.zeros((rows, stride), np.uint8)
        out[:, :cols * step:step] = p
        flat = out.ravel()
        return flat[:(rows - 1) * stride + (cols - 1) * step + 1].tobytes()

    if interleaved:
        uv_row = w + row_pad
        return pack(Y, y_row, 1), pack(U, uv_row, 2), pack(V, uv_row, 2), y_row, uv_row, 2
    uv_row = w // 2 + row_pad
    return pack(Y, y_row, 1), pack(U, uv_row, 1), pack(V, uv_row, 1), y_row, uv_row, 1


class ByteBuffer:
    def __init__(self, data: bytes):
        self.data = data

    def remaining(self):
        return len(self.data)

    def get(self, out: bytearray):
        out[:] = self.data


class Plane:
    def __init__(self, data, row, pixel):
        self.data, self.row, self.pixel = data, row, pixel

    def getBuffer(self):
        return ByteBuffer(self.data)

    def getRowStride(self):
        return self.row

    def getPixelStride(self):
        return self.pixel


class Image:
    def __init__(self, w, h, planes):
        self.w, self.h, self.planes, self.closed = w, h, planes, False

    def getPlanes(self):
        return self.planes

    def getWidth(self):
        return self.w

    def getHeight(self):
        return self.h

    def close(self):
        self.closed = True


class Size:
    def __init__(self, w, h):
        self.w, self.h = w, h

    def getWidth(self):
        return self.w

    def getHeight(self):
        return self.h


class ImageReader:
    made: list["ImageReader"] = []

    def __init__(self, w, h, fmt, n):
        self.w, self.h, self.fmt = w, h, fmt
        self.queue: list[Image] = []
        self.listener = None
        self.closed = False

    @classmethod
    def newInstance(cls, w, h, fmt, n):
        r = cls(w, h, fmt, n)
        cls.made.append(r)
        return r

    def setOnImageAvailableListener(self, listener, handler):
        self.listener = listener

    def getSurface(self):
        return ("surface", self)

    def acquireLatestImage(self):
        img = self.queue[-1] if self.queue else None
        self.queue.clear()
        return img

    def acquireNextImage(self):
        return self.queue.pop(0) if self.queue else None

    def close(self):
        self.closed = True

    def deliver(self, image: Image):
        self.queue.append(image)
        self.listener.onImageAvailable(self)


class ImageFormat:
    YUV_420_888 = 35
    JPEG = 256


class CameraMetadata:
    LENS_FACING_FRONT = 0
    LENS_FACING_BACK = 1


class CameraCharacteristics:
    LENS_FACING = "lens.facing"
    SCALER_STREAM_CONFIGURATION_MAP = "scaler.map"


class StreamMap:
    def __init__(self, yuv, jpeg):
        self.yuv, self.jpeg = yuv, jpeg

    def getOutputSizes(self, fmt):
        return [Size(*s) for s in (self.yuv if fmt == ImageFormat.YUV_420_888 else self.jpeg)]


class Chars:
    def __init__(self, facing, smap):
        self.values = {CameraCharacteristics.LENS_FACING: facing, CameraCharacteristics.SCALER_STREAM_CONFIGURATION_MAP: smap}

    def get(self, key):
        return self.values[key]


class Request:
    def __init__(self, template):
        self.template, self.targets = template, []

    def addTarget(self, s):
        self.targets.append(s)

    def build(self):
        return self


class Session:
    def __init__(self, world):
        self.world, self.closed = world, False

    def setRepeatingRequest(self, req, cb, handler):
        self.world.calls.append(("repeating", req.template))
        self.world.repeating = req

    def capture(self, req, cb, handler):
        self.world.calls.append(("capture", req.template))
        if self.world.capture_error:
            raise JavaException("android.hardware.camera2.CameraAccessException", "closed")
        self.world.captures.append(req)

    def close(self):
        self.closed = True
        self.world.calls.append(("session.close",))


class CameraDevice:
    TEMPLATE_PREVIEW = 1
    TEMPLATE_STILL_CAPTURE = 2

    def __init__(self, world):
        self.world, self.closed = world, False

    def createCaptureSession(self, outputs, state, handler):
        self.world.calls.append(("session", len(outputs.items)))
        self.world.session = Session(self.world)
        state.listener.onSession("configured" if self.world.configure_ok else "failed", self.world.session)

    def createCaptureRequest(self, template):
        return Request(template)

    def close(self):
        self.closed = True
        self.world.calls.append(("device.close",))


class CameraManager:
    def __init__(self, world):
        self.world = world

    def getCameraIdList(self):
        return list(self.world.cameras)

    def getCameraCharacteristics(self, cam_id):
        facing, yuv, jpeg = self.world.cameras[cam_id]
        return Chars(facing, StreamMap(yuv, jpeg))

    def openCamera(self, cam_id, state, handler):
        self.world.calls.append(("open", cam_id))
        if self.world.permission_refused:
            raise JavaException("java.lang.SecurityException", "Lacking privileges to access camera service")
        self.world.device = CameraDevice(self.world)
        if self.world.in_use:
            state.listener.onDevice("disconnected", self.world.device, 0)
        else:
            state.listener.onDevice("opened", self.world.device, 0)


class CallbackHolder:
    def __init__(self, listener):
        self.listener = listener


class ArrayList:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)


class Looper:
    pass


class HandlerThread:
    def __init__(self, name):
        self.name, self.started, self.quit = name, False, False

    def start(self):
        self.started = True

    def getLooper(self):
        return Looper()

    def quitSafely(self):
        self.quit = True


class Handler:
    def __init__(self, looper):
        self.looper = looper


class Context:
    CAMERA_SERVICE = "camera"
    POWER_SERVICE = "power"
    USB_SERVICE = "usb"


class Activity:
    def __init__(self, world):
        self.world = world

    def getSystemService(self, name):
        return self.world.services[name]


class CameraWorld:
    """One fake tablet: cameras ``{id: (facing, yuv sizes, jpeg sizes)}``, what went
    wrong on purpose (permission refused, camera in use, session refused), and a
    fake ``jnius`` module over it (``world.jnius``)."""

    def __init__(self, cameras=None, permission_refused=False, in_use=False, configure_ok=True):
        self.cameras = cameras or {"0": (CameraMetadata.LENS_FACING_BACK, [(640, 480), (1280, 720), (1920, 1080)],
                                         [(1920, 1080), (4000, 3000), (3264, 2448)]),
                                   "1": (CameraMetadata.LENS_FACING_FRONT, [(640, 480)], [(640, 480)])}
        self.permission_refused, self.in_use, self.configure_ok = permission_refused, in_use, configure_ok
        self.capture_error = False
        self.calls: list = []
        self.captures: list = []
        self.device = self.session = self.repeating = None
        self.services = {"camera": CameraManager(self)}
        ImageReader.made = []
        self.activity = Activity(self)
        world = self

        class _J:
            PythonJavaClass = globals()["PythonJavaClass"]
            java_method = staticmethod(globals()["java_method"])

            @staticmethod
            def autoclass(name):
                return world.classes()[name]

            @staticmethod
            def cast(name, obj):
                return obj

        self.jnius = _J

    def classes(self):
        return {
            "android.content.Context": Context,
            "android.hardware.camera2.CameraCharacteristics": CameraCharacteristics,
            "android.hardware.camera2.CameraDevice": CameraDevice,
            "android.hardware.camera2.CameraMetadata": CameraMetadata,
            "android.graphics.ImageFormat": ImageFormat,
            "android.media.ImageReader": ImageReader,
            "android.os.HandlerThread": HandlerThread,
            "android.os.Handler": Handler,
            "java.util.ArrayList": ArrayList,
            "org.tablecompanion.CameraCallbacks$DeviceState": CallbackHolder,
            "org.tablecompanion.CameraCallbacks$SessionState": CallbackHolder,
            "org.kivy.android.PythonActivity": type("PythonActivity", (), {"mActivity": self.activity}),
        }

    @property
    def stream_reader(self) -> ImageReader:
        return ImageReader.made[0]

    @property
    def still_reader(self) -> ImageReader:
        return ImageReader.made[1]

    def frame(self, bgr: np.ndarray, interleaved: bool = True) -> None:
        """The camera delivers ``bgr`` on the stream (the repeating request)."""
        assert self.repeating is not None, "no repeating request"
        y, u, v, yr, uvr, uvp = bgr_to_planes(bgr, interleaved)
        h, w = bgr.shape[:2]
        self.stream_reader.deliver(Image(w, h, [Plane(y, yr, 1), Plane(u, uvr, uvp), Plane(v, uvr, uvp)]))

    def still(self, bgr: np.ndarray) -> None:
        """The camera answers the oldest capture request with ``bgr`` as a JPEG."""
        import cv2

        assert self.captures, "no capture asked"
        self.captures.pop(0)
        ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, 95])
        h, w = bgr.shape[:2]
        self.still_reader.deliver(Image(w, h, [Plane(data.tobytes(), 0, 0)]))
