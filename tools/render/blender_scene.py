"""Run inside Blender (``blender -b --python blender_scene.py -- JOB.json``): build the scene
of one render plan from the CAD meshes and render it with Cycles on the CPU.

Blender's own Python runs this file: it may use ``bpy`` and ``mathutils`` only (no numpy, no
project imports). The job names the plan, the mesh folder, the marker textures and the output.
World units are metres; the plan's millimetres are scaled on the way in.
"""

import json
import math
import sys

import bpy
from mathutils import Matrix, Vector

MM = 0.001


def _job() -> dict:
    args = sys.argv[sys.argv.index("--") + 1:]
    with open(args[0], encoding="utf-8") as f:
        return json.load(f)


def _material(name, rgb, roughness=0.45, specular=0.5):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (*rgb, 1.0)
    bsdf.inputs["Roughness"].default_value = roughness
    bsdf.inputs["Specular"].default_value = specular
    return mat


def _textured(name, image_path):
    """A matte material showing an image (the marker stickers), sharp pixels."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    bsdf.inputs["Roughness"].default_value = 0.7
    bsdf.inputs["Specular"].default_value = 0.3
    tex = nodes.new("ShaderNodeTexImage")
    tex.image = bpy.data.images.load(image_path)
    tex.interpolation = "Closest"
    links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    return mat


def _table_material(table):
    """Wood grain, cloth or a plain surface, from procedural textures."""
    kinds = {"oak": ((0.45, 0.28, 0.14), (0.62, 0.42, 0.22)),
             "walnut": ((0.16, 0.09, 0.05), (0.30, 0.18, 0.10)),
             "cloth": ((0.10, 0.22, 0.12), (0.16, 0.30, 0.18)),
             "linoleum": ((0.55, 0.55, 0.52), (0.62, 0.62, 0.60)),
             "paper": ((0.80, 0.78, 0.74), (0.86, 0.84, 0.80))}
    dark, light = kinds[table["kind"]]
    hue = table["hue"]
    dark = tuple(min(1.0, max(0.0, c + hue * (i - 1))) for i, c in enumerate(dark))
    mat = _material("table", light, roughness=0.6, specular=0.3)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    if table["kind"] in ("oak", "walnut"):
        tex = nodes.new("ShaderNodeTexWave")
        tex.inputs["Scale"].default_value = 3.0 * table["scale"]
        tex.inputs["Distortion"].default_value = 6.0
        tex.inputs["Detail"].default_value = 3.0
    else:
        tex = nodes.new("ShaderNodeTexNoise")
        tex.inputs["Scale"].default_value = 40.0 * table["scale"]
        tex.inputs["Detail"].default_value = 6.0
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = (*dark, 1.0)
    ramp.color_ramp.elements[1].color = (*light, 1.0)
    links.new(tex.outputs["Fac"], ramp.inputs["Fac"])
    links.new(ramp.outputs["Color"], bsdf.inputs["Base Color"])
    return mat


def _import_stl(path, name):
    bpy.ops.import_mesh.stl(filepath=path, global_scale=MM)
    obj = bpy.context.selected_objects[0]
    obj.name = name
    return obj


def _placed(template, name, location_mm, turn_deg):
    obj = template.copy()  # shares the mesh data
    obj.name = name
    obj.location = Vector(location_mm) * MM
    obj.rotation_euler = (0.0, 0.0, math.radians(turn_deg))
    bpy.context.scene.collection.objects.link(obj)
    return obj


def _add_extras(extras: list, template, board_mat) -> None:
    """A hand or a rack of tiles beside the board, as the plan says."""
    for extra in extras:
        if extra["kind"] == "hand":
            bpy.ops.mesh.primitive_uv_sphere_add(segments=32, ring_count=16,
                                                 location=Vector(extra["location"]) * MM)
            hand = bpy.context.active_object
            hand.scale = Vector(extra["scale"]) * (MM / 2)
            hand.rotation_euler = (0.0, 0.0, math.radians(extra["turn"]))
            bpy.ops.object.shade_smooth()
            hand.data.materials.append(_material("skin", extra["colour"], 0.55, 0.35))
        elif extra["kind"] == "rack":
            loc = Vector(extra["location"]) * MM
            bpy.ops.mesh.primitive_cube_add(size=1.0, location=loc + Vector((0, 0, 0.006)))
            rack = bpy.context.active_object
            rack.scale = (0.16, 0.034, 0.012)
            rack.rotation_euler = (0.0, 0.0, math.radians(extra["turn"]))
            rack.data.materials.append(board_mat)
            turn = math.radians(extra["turn"])
            along = Vector((math.cos(turn), math.sin(turn), 0.0))
            for i, letter in enumerate(extra["tiles"]):
                body, inlay = template(letter)
                offset = along * ((i - (len(extra["tiles"]) - 1) / 2) * 0.0195)
                for src in (body, inlay):
                    obj = _placed(src, f"rack {i} {src.name}", (0, 0, 0), 0)
                    obj.location = loc + offset + Vector((0, 0, 0.012))
                    obj.rotation_euler = (math.radians(75), 0.0, turn)


def _add_light(scene, light: dict) -> None:
    """The plan's one light and the room's ambient light."""
    if light["type"] == "SUN":
        data = bpy.data.lights.new("light", "SUN")
        data.energy = light["power"]
        data.angle = math.radians(light["size"])
        obj = bpy.data.objects.new("light", data)
        obj.rotation_euler = Vector(light["direction"]).to_track_quat("Z", "Y").to_euler()
    else:
        data = bpy.data.lights.new("light", light["type"])
        data.energy = light["power"]
        if light["type"] == "AREA":
            data.size = light["size"] * MM
        else:
            data.shadow_soft_size = light["size"] * MM
        obj = bpy.data.objects.new("light", data)
        obj.location = Vector(light["location"]) * MM
        obj.rotation_euler = (-obj.location).to_track_quat("-Z", "Y").to_euler()
    data.color = light["colour"]
    scene.collection.objects.link(obj)
    scene.world = bpy.data.worlds.new("room")
    scene.world.use_nodes = True
    bg = scene.world.node_tree.nodes["Background"]
    bg.inputs["Color"].default_value = (0.8, 0.8, 0.82, 1.0)
    bg.inputs["Strength"].default_value = light["ambient"]


def build(job: dict) -> None:
    plan = job["plan"]
    meshes = job["meshes"]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    half = plan["board_size"] / 2
    colours = plan["colours"]
    body_mat = _material("tile body", colours["body_rgb"], colours["roughness"])
    inlay_mat = _material("tile letter", colours["inlay_rgb"], colours["roughness"])
    board_mat = _material("board", colours["board_rgb"], colours["roughness"] + 0.05)

    quarter = _import_stl(f"{meshes}/quarter.stl", "quarter")
    quarter.data.materials.append(board_mat)
    for q in range(4):  # the same part turned q quarter turns clockwise about the centre
        part = quarter if q == 0 else _placed(quarter, f"quarter {q}", (0, 0, 0), 0)
        part.rotation_euler = (0.0, 0.0, -math.pi / 2 * q)

    templates = {}

    def template(letter):
        if letter not in templates:
            body = _import_stl(f"{meshes}/tile-{letter}-body.stl", f"body {letter}")
            body.data.materials.append(body_mat)
            inlay = _import_stl(f"{meshes}/tile-{letter}-inlay.stl", f"inlay {letter}")
            inlay.data.materials.append(inlay_mat)
            for obj in (body, inlay):  # templates stay out of sight, under the table
                obj.location = (0.0, 0.0, -1.0)
            templates[letter] = (body, inlay)
        return templates[letter]

    for stack in plan["stacks"]:
        for level, (letter, spot) in enumerate(zip(stack["tiles"], stack["placed"], strict=True)):
            body, inlay = template(letter)
            where = (spot["x"] - half, half - spot["y"], spot["z"])
            tag = f"{stack['row']}-{stack['col']}-{level}"
            _placed(body, f"tile {tag}", where, spot["turn"])
            _placed(inlay, f"letter {tag}", where, spot["turn"])

    for marker in plan["markers"]:
        size = plan["sticker_size"] * MM
        bpy.ops.mesh.primitive_plane_add(size=size, location=(
            (marker["x"] - half) * MM, (half - marker["y"]) * MM, marker["z"] * MM + 1e-5))
        sticker = bpy.context.active_object
        sticker.name = f"sticker {marker['id']}"
        sticker.data.materials.append(_textured(f"marker {marker['id']}",
                                                job["stickers"][str(marker["id"])]))

    bpy.ops.mesh.primitive_plane_add(size=4.0, location=(0.0, 0.0, 0.0))
    bpy.context.active_object.data.materials.append(_table_material(plan["table"]))

    _add_extras(plan["extras"], template, board_mat)
    _add_light(scene, plan["light"])

    cam_plan = plan["camera"]
    cam_data = bpy.data.cameras.new("camera")
    cam_data.sensor_fit = "HORIZONTAL"
    cam_data.sensor_width = job["sensor_width"]
    cam_data.lens = cam_plan["focal"]
    cam_data.clip_start = 0.01
    cam_data.clip_end = 20.0
    cam = bpy.data.objects.new("camera", cam_data)
    rot = cam_plan["rotation"]
    loc = Vector(cam_plan["location"]) * MM
    cam.matrix_world = Matrix(((rot[0][0], rot[0][1], rot[0][2], loc.x),
                               (rot[1][0], rot[1][1], rot[1][2], loc.y),
                               (rot[2][0], rot[2][1], rot[2][2], loc.z),
                               (0.0, 0.0, 0.0, 1.0)))
    scene.collection.objects.link(cam)
    scene.camera = cam

    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = plan["samples"]
    scene.cycles.use_denoising = False
    scene.cycles.seed = plan["seed"]
    scene.cycles.max_bounces = 4
    scene.render.threads_mode = "FIXED"
    scene.render.threads = job["threads"]
    scene.render.resolution_x = cam_plan["width"]
    scene.render.resolution_y = cam_plan["height"]
    scene.render.resolution_percentage = 100
    scene.view_settings.view_transform = "Standard"
    scene.render.image_settings.file_format = "PNG"
    scene.render.filepath = job["output"]


if __name__ == "__main__":
    build(_job())
    bpy.ops.render.render(write_still=True)
