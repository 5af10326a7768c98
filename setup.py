"""Build of the two compiled extensions: solver._core (pybind11, C++20) and the Cython samplers."""

from __future__ import annotations

import os
from glob import glob

from Cython.Build import cythonize
from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import Extension, setup

# Compile the C++ translation units in parallel (both cores by default; override with KOFUN_BUILD_JOBS).
ParallelCompile("KOFUN_BUILD_JOBS", default=2).install()

# KOFUN_SANITIZE=1 builds with AddressSanitizer + UBSan (run the tests with LD_PRELOAD of libasan).
sanitize = os.environ.get("KOFUN_SANITIZE") == "1"
opt = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined"] if sanitize else ["-O3"]

core = Pybind11Extension(
    "solver._core",
    sorted(glob("bindings/*.cpp") + glob("csrc/**/*.cpp", recursive=True)),
    cxx_std=20,
    extra_compile_args=[*opt, "-Wall", "-Wextra", "-DNDEBUG" if not sanitize else "-UNDEBUG"],
    extra_link_args=["-fsanitize=address,undefined"] if sanitize else [],
    depends=sorted(glob("csrc/**/*.hpp", recursive=True) + glob("bindings/*.hpp")),
)

samplers = cythonize(
    [Extension("solver.determinize._sampler", ["solver/determinize/_sampler.pyx"], extra_compile_args=["-O3"])],
    compiler_directives={"language_level": "3", "boundscheck": False, "wraparound": False, "cdivision": True},
)

setup(ext_modules=[core, *samplers], cmdclass={"build_ext": build_ext})
