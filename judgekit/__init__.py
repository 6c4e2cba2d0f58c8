"""judgekit: rules reference and ruling assistant for judges of Japanese trading card games."""

__version__ = "0.1.0"
