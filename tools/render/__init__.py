"""The WerdUp render rig: physically based photos of the 3D-printed set, made by Blender
from the project's own CAD meshes, with their positions as ground truth."""
