"""The tablet's camera: a stream for motion and stillness, a full-resolution still
photo when the table goes still.

- :mod:`vision.android.stills`: the "stream + still" interface (any platform), the
  desktop fake camera whose stills are larger than its stream, and the reader that
  decodes the stills with the stream's registration.
- :mod:`vision.android.camera2`: Android's Camera2 through pyjnius (imports nothing of
  Android until it opens a camera).
- :mod:`vision.android.backend`: the QR decoder backend available (zxing-cpp, else ZBar).
"""
